/**
 * The minting area's front door (issue 19, docs/decisions/0049): the server's minter, mints as
 * idempotent jobs, the land collection mint calls and unit pieces to the wallet (decision 0051). It owns mint_attempts, minter_nonces and
 * mint_reports; the assets it mints stay the assets module's, changed through its front door.
 */
export { mintingRoutes } from './minting.routes.ts';
export { unitWithdrawRoutes } from './unit-withdraw.routes.ts';
export { mintingJobs, MINT_MAX_ATTEMPTS } from './mint-job.ts';
export { runMint, type MintDeps, type MintFaults, type MintStep } from './run-mint.ts';
export { ChainQueues } from './minter.ts';
export { SHIP_MINT_FAILED_JOB, type MintFailedNotice } from './mint-kinds.ts';
export type { MintingDeps } from './land-mint.service.ts';
export {
  canMintShips,
  queueShipMint,
  setShipMintFee,
  shipMintFee,
  shipMintTerms,
  ShipMintBlocked,
  SHIP_MINT_FEE_KEY,
} from './ship-mint.ts';
