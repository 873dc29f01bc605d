/**
 * The history area's front door (decision 0042): GET /api/my/history composes the activity that
 * each area exposes through its own front door. It owns no table.
 */
export { historyRoutes } from './history.routes.ts';
