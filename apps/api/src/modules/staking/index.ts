/**
 * The staking area's front door (docs/api-staking.md, decision 0054): unit-token staking as the
 * units chain's UnitStaking contract has it, and the indexer that reads its events into
 * staking_events and staking_cursors, which it alone writes.
 */
import type { ChainsConfig } from '../../chain/chain-config.ts';
import type { JobHandlers } from '../../jobs/queue.ts';
import { STAKING_INDEX_JOB, stakingIndexJob } from './staking-index-job.ts';

export { assetsNftRoutes, stakingRoutes, POOL_MAX_AGE_SECONDS } from './staking.routes.ts';
export { StakingService } from './staking.service.ts';
export { STAKING_INDEX_JOB, STAKING_INDEX_INTERVAL_MS, startStakingIndexJob } from './staking-index-job.ts';

/** The staking area's job kinds: the indexer of the staking contract's events. */
export function stakingJobs(d: { chains: ChainsConfig }): JobHandlers {
  return { [STAKING_INDEX_JOB]: stakingIndexJob(d.chains) };
}
