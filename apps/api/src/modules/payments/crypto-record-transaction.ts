import type { Db, Tx } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import * as repo from './crypto-payments.repo.ts';
import { verificationDeadline } from './crypto-verification.ts';
import { CRYPTO_VERIFY_JOB, CRYPTO_VERIFY_MAX_ATTEMPTS } from './crypto-verify-job.ts';
import type { CryptoOrderBook } from './order-book.ts';

/**
 * A transaction becomes a payment's the same way whoever names it: the browser (POST …/verify,
 * crypto-payments.service.ts) or the server's own search of the chain when the browser never
 * did (crypto-transfer-sweep.ts). docs/decisions/0021.
 */

export type RecordDeps = { db: Db; orders: CryptoOrderBook };

/**
 * `recorded`: the payment has this transaction now (`now`: this call put it there; otherwise it
 * already had it, and the same report again is the same request). `other`: the payment has
 * another transaction or is decided (as it is now; undefined when it is gone).
 */
export type Recording =
  { kind: 'recorded'; now: boolean } | { kind: 'other'; payment: repo.CryptoPaymentView | undefined };

/**
 * Records `txHash` as the payment's with one conditional UPDATE (awaiting_transfer → verifying,
 * only while no hash is set) and, in the same transaction, queues its verification and holds
 * the order's stock: a crash leaves either all of it or none.
 */
export async function recordTransaction(
  d: RecordDeps,
  p: repo.CryptoPaymentView,
  txHash: string,
  /** more to write when this call records it, in the same transaction */
  onRecorded?: (tx: Tx) => Promise<void>,
): Promise<Recording> {
  return d.db.transaction(async (tx): Promise<Recording> => {
    const now = await repo.recordTransaction(tx, p.id, txHash);
    if (!now) {
      const current = await repo.findById(tx, p.id);
      if (current?.txHash !== txHash) return { kind: 'other', payment: current };
    }
    await queueVerification(tx, d.orders, p, txHash);
    if (now) await onRecorded?.(tx);
    return { kind: 'recorded', now };
  });
}

/**
 * The verification job for this transaction (once per payment and hash), and the order's stock
 * held until the verification deadline when the transaction came before the quote's expiry: in
 * the caller's transaction, so the order cannot expire between the two.
 */
export async function queueVerification(
  tx: Tx,
  orders: CryptoOrderBook,
  p: Pick<repo.CryptoPaymentView, 'id' | 'orderId' | 'expiresAt'>,
  txHash: string,
): Promise<void> {
  await enqueueJob(
    tx,
    CRYPTO_VERIFY_JOB,
    { paymentId: p.id, txHash },
    { dedupeKey: `${CRYPTO_VERIFY_JOB}:${p.id}:${txHash}`, maxAttempts: CRYPTO_VERIFY_MAX_ATTEMPTS },
  );
  if (p.expiresAt.getTime() > Date.now()) await orders.holdUntilInTx(tx, p.orderId, verificationDeadline(p.expiresAt));
}
