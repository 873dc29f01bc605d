import type { ChainsConfig } from '../../chain/chain-config.ts';
import type { JobHandlers } from '../../jobs/queue.ts';
import { GIN_VERIFY_JOB, ginVerifyJob } from './gin-verify-job.ts';

/** The gin area's job kinds: verifying a reported Gin transfer until the chain decides. */
export function ginJobs(d: { chains: ChainsConfig }): JobHandlers {
  return { [GIN_VERIFY_JOB]: ginVerifyJob(d.chains) };
}
