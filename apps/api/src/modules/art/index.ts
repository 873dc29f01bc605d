/** The art area's front door: generated ship, box, pack, unit and penguin images (`/images/v1/…`). */
export { artRoutes } from './art.routes.ts';
