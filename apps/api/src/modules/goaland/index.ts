/**
 * The GOALAND area's front door: land staking (`/api/fetch/lands`, `/api/my/lands…`;
 * decision 0046). The holdings it moves (plots' staking clock, collects, DNC) belong to `assets`.
 */
export { goalandProgrammeRoutes, myGoalandRoutes } from './goaland.routes.ts';
export { DEFAULT_GOALAND_RATE, GOALAND_RATE_KEY, readGoalandRate, writeGoalandRate } from './goaland-rate.ts';
