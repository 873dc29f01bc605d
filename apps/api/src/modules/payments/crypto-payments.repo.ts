import type { CryptoPaymentStatus } from '@starport/schemas';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { chainTransfers, cryptoPayments, orders } from '../../db/schema/index.ts';
import { claimTransfer as claimTransferOnce } from '../../chain/transfer-claims.ts';
import type { TokenTransfer } from '../../chain/usdc-transfer.ts';

/** SQL of crypto payments (docs/decisions/0021). Every status change is one conditional UPDATE. */

export type CryptoPaymentRow = typeof cryptoPayments.$inferSelect;
/** A payment with what the player and the verifier need of its order. */
export type CryptoPaymentView = CryptoPaymentRow & { orderCode: string; orderTotalMicro: bigint };

const withOrder = {
  payment: cryptoPayments,
  orderCode: orders.code,
  orderTotalMicro: orders.totalMicro,
};

export async function insertPayment(db: DbOrTx, values: typeof cryptoPayments.$inferInsert): Promise<CryptoPaymentRow> {
  const [row] = await db.insert(cryptoPayments).values(values).returning();
  return row!;
}

export async function findByTid(db: DbOrTx, tid: string): Promise<CryptoPaymentView | undefined> {
  const [row] = await db
    .select(withOrder)
    .from(cryptoPayments)
    .innerJoin(orders, eq(orders.id, cryptoPayments.orderId))
    .where(eq(cryptoPayments.tid, tid));
  return row && { ...row.payment, orderCode: row.orderCode, orderTotalMicro: row.orderTotalMicro };
}

export async function findById(db: DbOrTx, id: number): Promise<CryptoPaymentView | undefined> {
  const [row] = await db
    .select(withOrder)
    .from(cryptoPayments)
    .innerJoin(orders, eq(orders.id, cryptoPayments.orderId))
    .where(eq(cryptoPayments.id, id));
  return row && { ...row.payment, orderCode: row.orderCode, orderTotalMicro: row.orderTotalMicro };
}

/**
 * The browser's transaction, recorded once: only a payment still awaiting its transfer takes
 * a hash, so a second report (the same hash or another) changes nothing. Returns whether it
 * was recorded now.
 */
export async function recordTransaction(tx: Tx, id: number, txHash: string): Promise<boolean> {
  const rows = await tx
    .update(cryptoPayments)
    .set({ txHash, status: 'verifying', updatedAt: sql`now()` })
    .where(and(eq(cryptoPayments.id, id), eq(cryptoPayments.status, 'awaiting_transfer'), sql`${cryptoPayments.txHash} IS NULL`))
    .returning({ id: cryptoPayments.id });
  return rows.length === 1;
}

/**
 * The browser's transaction was replaced (sped up or cancelled in the wallet: same nonce, new
 * hash) before the one recorded was mined: the new hash takes its place, only while the payment
 * is undecided and still has `recorded` (two reports at once replace it once). The caller has
 * checked on chain that `recorded` has no receipt. Returns whether it was replaced now.
 */
export async function replaceTransaction(tx: Tx, id: number, recorded: string, txHash: string): Promise<boolean> {
  const rows = await tx
    .update(cryptoPayments)
    .set({ txHash, status: 'verifying', updatedAt: sql`now()` })
    .where(
      and(
        eq(cryptoPayments.id, id),
        eq(cryptoPayments.txHash, recorded),
        inArray(cryptoPayments.status, ['awaiting_transfer', 'verifying']),
      ),
    )
    .returning({ id: cryptoPayments.id });
  return rows.length === 1;
}

/**
 * Takes the payment for deciding about `txHash`: its row stays locked until the caller's
 * transaction ends, so two workers verifying it at once decide it once (the second finds it no
 * longer verifying), and a payment whose transaction was replaced meanwhile is not taken.
 */
export async function lockVerifying(tx: Tx, id: number, txHash: string): Promise<boolean> {
  const rows = await tx
    .select({ id: cryptoPayments.id })
    .from(cryptoPayments)
    .where(and(eq(cryptoPayments.id, id), eq(cryptoPayments.status, 'verifying'), eq(cryptoPayments.txHash, txHash)))
    .for('update');
  return rows.length === 1;
}

/**
 * verifying → a decision about `txHash`, once (not when the transaction was replaced since it was
 * read); `failure` is the sentence the player (and the operator) reads.
 */
export async function decide(
  db: DbOrTx,
  id: number,
  txHash: string,
  status: Exclude<CryptoPaymentStatus, 'awaiting_transfer' | 'verifying'>,
  failure: string | null,
): Promise<boolean> {
  const rows = await db
    .update(cryptoPayments)
    .set({ status, failure, updatedAt: sql`now()` })
    .where(and(eq(cryptoPayments.id, id), eq(cryptoPayments.status, 'verifying'), eq(cryptoPayments.txHash, txHash)))
    .returning({ id: cryptoPayments.id });
  return rows.length === 1;
}

/**
 * Records an on-chain transfer as this payment's. (chain, tx hash, log index) is the key and a
 * payment has one transfer: when either is taken — by a transaction that committed first, or
 * one still running, which this waits for — nothing is written and false comes back.
 */
export async function claimTransfer(
  tx: Tx,
  p: Pick<CryptoPaymentRow, 'id' | 'chainId' | 'txHash'>,
  t: TokenTransfer,
): Promise<boolean> {
  return claimTransferOnce(tx, { chainId: p.chainId, txHash: p.txHash!, claimant: { cryptoPaymentId: p.id }, transfer: t });
}

/**
 * Of these transactions on `chainId`, the transfers already recorded as used (as
 * `{tx hash}:{log index}`), whichever payment used them.
 */
export async function usedTransfers(db: DbOrTx, chainId: number, txHashes: string[]): Promise<Set<string>> {
  if (!txHashes.length) return new Set();
  const rows = await db
    .select({ txHash: chainTransfers.txHash, logIndex: chainTransfers.logIndex })
    .from(chainTransfers)
    .where(and(eq(chainTransfers.chainId, chainId), inArray(chainTransfers.txHash, txHashes)));
  return new Set(rows.map((r) => `${r.txHash}:${r.logIndex}`));
}

/**
 * Of these transactions, those another payment from the same wallet on the same chain is
 * verifying: reported for it (by its browser or found for it), it is that payment's to claim.
 */
export async function transactionsBeingVerified(
  db: DbOrTx,
  p: Pick<CryptoPaymentRow, 'id' | 'chainId' | 'payer'>,
  txHashes: string[],
): Promise<Set<string>> {
  if (!txHashes.length) return new Set();
  const rows = await db
    .select({ txHash: cryptoPayments.txHash })
    .from(cryptoPayments)
    .where(
      and(
        eq(cryptoPayments.chainId, p.chainId),
        eq(cryptoPayments.payer, p.payer),
        eq(cryptoPayments.status, 'verifying'),
        ne(cryptoPayments.id, p.id),
        inArray(cryptoPayments.txHash, txHashes),
      ),
    );
  return new Set(rows.map((r) => r.txHash!));
}
