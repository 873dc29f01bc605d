import { BaseError } from 'viem';
import type { ChainsConfig } from '../../chain/chain-config.ts';
import { describeChainError } from '../../chain/chain-errors.ts';
import { ChainMismatchError, checkedClientFor } from '../../chain/clients.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { queueNextRun, startRecurringJob } from '../../jobs/recurring-job.ts';
import { DEFAULT_STAKING_INDEX_LIMITS, indexStaking } from './staking-indexer.ts';
import { deploymentBlock, stakingTarget } from './staking-target.ts';

/** One recurring job per server with a staking contract: reads its events into staking_events. */
export const STAKING_INDEX_JOB = 'staking.index';
/** How often a caught-up indexer reads the chain again. */
export const STAKING_INDEX_INTERVAL_MS = 15_000;
const MAX_ATTEMPTS = 100;

const keyOf = (chainId: number) => `${STAKING_INDEX_JOB}:${chainId}`;

/** Starts the staking indexer when the units chain has a staking contract (a pending run is left alone). */
export async function startStakingIndexJob(db: DbOrTx, chains: ChainsConfig): Promise<void> {
  const target = stakingTarget(chains);
  if ('reason' in target) return;
  await startRecurringJob(db, STAKING_INDEX_JOB, { chainId: target.chain.id }, keyOf(target.chain.id), MAX_ATTEMPTS);
}

/**
 * One run. A chain that cannot be read is logged and read again at the next run; the database
 * failing fails the run (retried). A staking contract no longer configured ends the job.
 */
export function stakingIndexJob(chains: ChainsConfig): JobHandler {
  return async (payload, ctx) => {
    const chainId = (payload as { chainId?: unknown }).chainId;
    const target = stakingTarget(chains);
    if ('reason' in target || target.chain.id !== chainId) {
      ctx.log.info({ chainId }, 'staking indexer stopped: no staking contract on this chain');
      return;
    }
    let caughtUp = true;
    try {
      const client = await checkedClientFor(target.chain);
      const fromBlock = await deploymentBlock(client, target);
      const outcome = await indexStaking(ctx.db, client, { chainId: target.chain.id, contract: target.staking, fromBlock }, {
        ...DEFAULT_STAKING_INDEX_LIMITS,
        confirmations: target.chain.confirmations,
      });
      if (outcome.rewound) ctx.log.warn({ chainId, cursor: outcome.cursor?.toString() }, 'chain re-organised: staking indexer rewound');
      caughtUp = outcome.caughtUp;
    } catch (err) {
      if (!(err instanceof BaseError || err instanceof ChainMismatchError)) throw err;
      ctx.log.warn({ chainId, error: describeChainError(err) }, 'staking indexer could not read the chain');
    }
    const runAt = new Date(Date.now() + (caughtUp ? STAKING_INDEX_INTERVAL_MS : 0));
    await queueNextRun(ctx.db, ctx, { kind: STAKING_INDEX_JOB, payload: { chainId }, key: keyOf(target.chain.id), runAt, maxAttempts: MAX_ATTEMPTS });
  };
}
