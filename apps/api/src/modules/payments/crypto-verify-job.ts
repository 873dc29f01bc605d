import { z } from 'zod';
import type { ChainsConfig } from '../../chain/chain-config.ts';
import { NotYetError, type JobHandler } from '../../jobs/queue.ts';
import { describeChainError } from '../../chain/chain-errors.ts';
import { ChainUnreadableError, giveUpVerifying, verifyCryptoPayment } from './crypto-verification.ts';
import type { CryptoOrderBook } from './order-book.ts';

export const CRYPTO_VERIFY_JOB = 'crypto.verify';
/**
 * Tries of one verification. A transfer that is not settled yet is looked at again soon
 * (recheckDelayMs: 3 s growing to a minute, so a confirmation is noticed within about a block
 * or a minute while the browser is still waiting); 2,000 such tries outlast the longest quote
 * (CRYPTO_QUOTE_MINUTES ≤ 1440) and its grace, and the time limit (crypto-verification.ts)
 * usually ends the wait much sooner. An RPC that does not answer is looked at again as often.
 */
export const CRYPTO_VERIFY_MAX_ATTEMPTS = 2_000;

/** When to look at a transfer again that was not mined or confirmed on the `attempt`-th try. */
export const recheckDelayMs = (attempt: number) => Math.min(3_000 * 1.5 ** Math.max(0, attempt - 1), 60_000);

/** `txHash`: the transaction it was queued for (absent in jobs queued before replacements existed). */
const PayloadSchema = z.object({ paymentId: z.number().int().positive(), txHash: z.string().optional() });

/**
 * Queued by POST …/verify in the transaction that records the player's transaction hash (dedupe
 * key per payment and hash; a replaced transaction's job stops, its replacement's goes on).
 * Idempotent and safe on several workers: a decided payment is left alone, and a credit is one
 * transaction (crypto-verification.ts). A transaction the chain cannot decide yet, or a chain
 * that cannot be read (its RPC down or on another chain), is looked at again at the recheck
 * cadence; past the quote's expiry and grace, or on the last try, the payment fails with §8's
 * 'Can not validate transaction.' Chain errors never carry the RPC address out of here
 * (chain-errors.ts): not into the log, not into jobs.last_error.
 */
export function cryptoVerifyJob(chains: ChainsConfig, orders: CryptoOrderBook): JobHandler {
  return async (payload, { db, attempt, log }) => {
    const { paymentId, txHash } = PayloadSchema.parse(payload);
    const deps = { db, orders, chains, log };
    const lastTry = attempt >= CRYPTO_VERIFY_MAX_ATTEMPTS;
    let outcome;
    try {
      outcome = await verifyCryptoPayment(deps, paymentId, { lastTry, ...(txHash ? { txHash } : {}) });
    } catch (err) {
      if (err instanceof ChainUnreadableError) throw new NotYetError(err.message, recheckDelayMs(attempt));
      if (!lastTry) throw err;
      log.error({ error: describeChainError(err), paymentId }, 'crypto verification failed on its last try');
      outcome = await giveUpVerifying(deps, paymentId);
    }
    if (outcome === 'retry') throw new NotYetError(`crypto payment ${paymentId}: transfer not settled yet`, recheckDelayMs(attempt));
  };
}
