/** The leaderboards area's front door: top buyers and top referrers. */
export { leaderboardsRoutes } from './leaderboards.routes.ts';
