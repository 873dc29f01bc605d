import { z } from 'zod';
import type { ChainsConfig } from '../../chain/chain-config.ts';
import { describeChainError } from '../../chain/chain-errors.ts';
import type { Tx } from '../../db/client.ts';
import { enqueueJob, NotYetError, type JobHandler } from '../../jobs/queue.ts';
import { GinChainUnreadableError, giveUpGinVerification, verifyGinConversion } from './gin-verification.ts';

export const GIN_VERIFY_JOB = 'gin.verify';
/**
 * Tries of one verification: enough at the recheck cadence (3 s growing to a minute) to outlast
 * the longest quote (CRYPTO_QUOTE_MINUTES ≤ 1440) and its grace; the deadline
 * (gin-verification.ts) usually ends the wait much sooner.
 */
export const GIN_VERIFY_MAX_ATTEMPTS = 2_000;
export const ginRecheckDelayMs = (attempt: number) => Math.min(3_000 * 1.5 ** Math.max(0, attempt - 1), 60_000);

const PayloadSchema = z.object({ conversionId: z.number().int().positive(), txHash: z.string() });

/**
 * Queued with the reported transaction (in the transaction that records it), first run a
 * recheck later: …/verify looks once itself, and the job takes over when the chain could not
 * tell yet. Safe on several workers and replays: a decided conversion is left alone.
 */
export async function queueGinVerification(tx: Tx, conversionId: number, txHash: string): Promise<void> {
  await enqueueJob(
    tx,
    GIN_VERIFY_JOB,
    { conversionId, txHash },
    {
      dedupeKey: `${GIN_VERIFY_JOB}:${conversionId}:${txHash}`,
      maxAttempts: GIN_VERIFY_MAX_ATTEMPTS,
      runAt: new Date(Date.now() + ginRecheckDelayMs(1)),
    },
  );
}

export function ginVerifyJob(chains: ChainsConfig): JobHandler {
  return async (payload, { db, attempt, log }) => {
    const { conversionId, txHash } = PayloadSchema.parse(payload);
    const deps = { db, chains, log };
    const lastTry = attempt >= GIN_VERIFY_MAX_ATTEMPTS;
    let outcome;
    try {
      outcome = await verifyGinConversion(deps, conversionId, { lastTry, txHash });
    } catch (err) {
      if (err instanceof GinChainUnreadableError) throw new NotYetError(err.message, ginRecheckDelayMs(attempt));
      if (!lastTry) throw err;
      log.error({ error: describeChainError(err), conversionId }, 'gin verification failed on its last try');
      outcome = await giveUpGinVerification(deps, conversionId);
    }
    if (outcome === 'retry') throw new NotYetError(`gin conversion ${conversionId}: transfer not settled yet`, ginRecheckDelayMs(attempt));
  };
}
