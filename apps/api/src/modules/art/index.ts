/** The art area's front door: generated ship, box, pack and unit images (`/images/v1/…`). */
export { artRoutes } from './art.routes.ts';
