import { z } from 'zod';
import type { ChainsConfig } from '../../chain/chain-config.ts';
import { describeChainError } from '../../chain/chain-errors.ts';
import { NotYetError, type JobHandler, type JobHandlers } from '../../jobs/queue.ts';
import { MINT_ASSET_KINDS } from '../../db/schema/index.ts';
import { mintJobKind } from './mint-kinds.ts';
import { ChainQueues } from './minter.ts';
import { runMint, type MintFaults } from './run-mint.ts';

/**
 * A mint waits on the chain for minutes at most, but an RPC may be down for longer: 2,000 tries
 * at up to a minute apart outlast any outage worth waiting for, and a stalled mint can be queued
 * again (POST /api/minting/refresh/my_assets). A job never gives up on a sent transaction by
 * itself: it could still be mined.
 */
export const MINT_MAX_ATTEMPTS = 2_000;

/** When to look again: 2 s, growing by half each try, at most a minute. */
export const mintRecheckMs = (attempt: number) => Math.min(2_000 * 1.5 ** Math.max(0, attempt - 1), 60_000);

const PayloadSchema = z.object({ mintId: z.number().int().positive() });

function mintJob(chains: ChainsConfig, queues: ChainQueues, faults?: MintFaults): JobHandler {
  return async (payload, { db, attempt, log }) => {
    const { mintId } = PayloadSchema.parse(payload);
    let step;
    try {
      step = await runMint({ db, chains, log, queues, ...(faults ? { faults } : {}) }, mintId);
    } catch (err) {
      // describeChainError: the RPC address may carry a provider key; it never reaches the log or last_error.
      throw new Error(`mint ${mintId}: ${describeChainError(err)}`);
    }
    if (!step.done) throw new NotYetError(step.reason, mintRecheckMs(attempt));
  };
}

/** The minting area's job kinds, one per asset kind (`mint.land_collection`), all one protocol. */
export function mintingJobs(chains: ChainsConfig, faults?: MintFaults): JobHandlers {
  const queues = new ChainQueues();
  return Object.fromEntries(MINT_ASSET_KINDS.map((kind) => [mintJobKind(kind), mintJob(chains, queues, faults)]));
}
