import { BaseError, type Address } from 'viem';
import { chainById, type ChainsConfig, type ChainSetup } from '../../chain/chain-config.ts';
import { describeChainError } from '../../chain/chain-errors.ts';
import { ChainMismatchError, checkedClientFor } from '../../chain/clients.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { queueNextRun, startRecurringJob } from '../../jobs/recurring-job.ts';
import { DEFAULT_INDEX_LIMITS, indexContract, type IndexTarget } from './chain-indexer.ts';

/** One recurring job per chain that has any of our NFT contracts (decision 0050). */
export const CHAIN_INDEX_JOB = 'chain_index.scan';
/** How often a chain that is caught up is read again. */
export const CHAIN_INDEX_INTERVAL_MS = 15_000;
/** A run fails only when the database does; it is retried with the queue's backoff for about four days. */
const MAX_ATTEMPTS = 100;

const keyOf = (chainId: number) => `${CHAIN_INDEX_JOB}:${chainId}`;

/** The contracts of a chain the indexer follows, as configured. */
export function indexTargets(chain: ChainSetup): IndexTarget[] {
  const c = chain.contracts;
  const targets: IndexTarget[] = [];
  if (c.shipNft) targets.push({ chainId: chain.id, contract: c.shipNft as Address, standard: 'erc721', asset: 'ship' });
  if (c.landCollectionNft) targets.push({ chainId: chain.id, contract: c.landCollectionNft as Address, standard: 'erc721', asset: 'land' });
  if (c.houseUnits) targets.push({ chainId: chain.id, contract: c.houseUnits as Address, standard: 'erc1155' });
  return targets;
}

/** Starts the indexer of every configured chain that has NFT contracts (at every process start; a running one is left alone). */
export async function startChainIndexJobs(db: DbOrTx, chains: ChainsConfig): Promise<void> {
  for (const chain of chains.chains) {
    if (indexTargets(chain).length) await startRecurringJob(db, CHAIN_INDEX_JOB, { chainId: chain.id }, keyOf(chain.id), MAX_ATTEMPTS);
  }
}

/**
 * One run: each contract of the chain in turn. A chain that cannot be read is logged and tried
 * again at the next run (it is not a failure of the job: retries would only pile up beside the
 * next run). A chain removed from the configuration ends its indexer.
 */
export function chainIndexJob(chains: ChainsConfig): JobHandler {
  return async (payload, ctx) => {
    const chainId = (payload as { chainId?: unknown }).chainId;
    const chain = typeof chainId === 'number' ? chainById(chains, chainId) : undefined;
    if (!chain || indexTargets(chain).length === 0) {
      ctx.log.info({ chainId }, 'chain indexer stopped: the chain or its NFT contracts are not configured');
      return;
    }
    let caughtUp = true;
    for (const target of indexTargets(chain)) {
      try {
        const client = await checkedClientFor(chain);
        const outcome = await indexContract(ctx.db, client, target, {
          ...DEFAULT_INDEX_LIMITS,
          confirmations: chain.confirmations,
          fromBlock: BigInt(chain.indexFromBlock ?? 0),
        });
        if (outcome.rewound) ctx.log.warn({ chainId, contract: target.contract, cursor: outcome.cursor?.toString() }, 'chain re-organised: indexer rewound');
        caughtUp &&= outcome.caughtUp;
      } catch (err) {
        // The database failing is the job's failure (retried); the chain failing waits for the next run.
        if (!(err instanceof BaseError || err instanceof ChainMismatchError)) throw err;
        ctx.log.warn({ chainId, contract: target.contract, error: describeChainError(err) }, 'chain indexer could not read the chain');
      }
    }
    // Behind (a long way to catch up): the next run follows at once.
    const runAt = new Date(Date.now() + (caughtUp ? CHAIN_INDEX_INTERVAL_MS : 0));
    await queueNextRun(ctx.db, ctx, { kind: CHAIN_INDEX_JOB, payload: { chainId }, key: keyOf(chain.id), runAt, maxAttempts: MAX_ATTEMPTS });
  };
}
