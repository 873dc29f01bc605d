import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { assertPositive, debitWithinBalance, lockLedger, type Debit } from './balance-lock.ts';

/**
 * The DNC (in-game currency) ledger: one row per credit or debit, the balance is their sum.
 * A row that comes from an order line (or a Gin conversion) is unique per line (per
 * conversion), so crediting (or debiting) it twice writes once and reports the first row.
 */

export type DncEntry = {
  userId: string;
  amount: number;
  reason: string;
  orderLineId?: number | null;
  /** the Gin conversion credited (decision 0053); one row per conversion */
  ginConversionId?: number | null;
};
export type DncDebit = Debit<number>;

export async function dncBalance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await queryRows<{ total: string | number | null }>(
    db,
    sql`SELECT sum(amount) AS total FROM dnc_ledger WHERE user_id = ${userId}`,
  );
  return Number(row?.total ?? 0);
}

/**
 * Writes one ledger row (amount signed); with its order line (or Gin conversion) already
 * entered, returns that row.
 */
async function enter(tx: Tx, e: DncEntry, amount: number): Promise<number> {
  const line = e.orderLineId ?? null;
  const gin = e.ginConversionId ?? null;
  // The unique source that makes a second write a no-op: the conversion when there is one.
  const source = gin !== null ? sql.raw('gin_conversion_id') : sql.raw('order_line_id');
  const [inserted] = await queryRows<{ id: string | number }>(
    tx,
    sql`INSERT INTO dnc_ledger (user_id, amount, reason, order_line_id, gin_conversion_id)
        VALUES (${e.userId}, ${amount}, ${e.reason}, ${line}, ${gin})
        ON CONFLICT (${source}) DO NOTHING RETURNING id`,
  );
  if (inserted) return Number(inserted.id);
  const [existing] = await queryRows<{ id: string | number }>(
    tx,
    sql`SELECT id FROM dnc_ledger WHERE ${source} = ${gin ?? line}`,
  );
  if (!existing) throw new Error(`dnc_ledger: ${gin !== null ? `Gin conversion ${gin}` : `order line ${line}`} neither entered nor found`);
  return Number(existing.id);
}

const positive = (amount: number) => assertPositive('DNC', amount);

/** Credits `amount` DNC; returns the ledger row's id. */
export async function creditDnc(tx: Tx, entry: DncEntry): Promise<number> {
  positive(entry.amount);
  return enter(tx, entry, entry.amount);
}

/**
 * Debits `amount` DNC unless that would take the balance below zero (then nothing is written
 * and `ok` is false). The player's ledger is locked first, so of two debits the second sees
 * the first one's row.
 */
export async function debitDnc(tx: Tx, entry: DncEntry): Promise<DncDebit> {
  positive(entry.amount);
  await lockLedger(tx, 'dnc', entry.userId);
  if (entry.orderLineId != null) {
    const [done] = await queryRows<{ id: string | number }>(
      tx,
      sql`SELECT id FROM dnc_ledger WHERE order_line_id = ${entry.orderLineId}`,
    );
    if (done) return { ok: true, entryId: Number(done.id), balance: await dncBalance(tx, entry.userId) };
  }
  // The lock is taken again (a no-op within one transaction) by the shared debit below.
  return debitWithinBalance(tx, {
    ledger: 'dnc',
    userId: entry.userId,
    amount: entry.amount,
    balance: () => dncBalance(tx, entry.userId),
    enter: () => enter(tx, entry, -entry.amount),
  });
}
