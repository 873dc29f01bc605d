import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { assertPositive, debitWithinBalance, type Debit } from './balance-lock.ts';

/**
 * Land credit: a ledger (credit_ledger), the balance is its sum. A credit bought by a top-up
 * names its order line, which is unique: crediting the same line again writes nothing and
 * reports the first row, so a paid top-up credits once however often its fulfilment runs.
 */

export type LandCreditEntry = { userId: string; amount: number; reason: string; orderLineId?: number | null };
export type LandCreditDebit = Debit<string>;

export async function landCreditBalance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await queryRows<{ total: string | number | null }>(
    db,
    sql`SELECT sum(amount) AS total FROM credit_ledger WHERE user_id = ${userId}`,
  );
  return Number(row?.total ?? 0);
}

const positive = (amount: number) => assertPositive('land-credit', amount);

async function enter(tx: Tx, e: LandCreditEntry, amount: number): Promise<string> {
  const line = e.orderLineId ?? null;
  const [inserted] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO credit_ledger (user_id, amount, reason, order_line_id)
        VALUES (${e.userId}, ${amount}, ${e.reason}, ${line})
        ON CONFLICT (order_line_id) DO NOTHING RETURNING id`,
  );
  if (inserted) return inserted.id;
  const [existing] = await queryRows<{ id: string }>(tx, sql`SELECT id FROM credit_ledger WHERE order_line_id = ${line}`);
  if (!existing) throw new Error(`credit_ledger: order line ${line} neither entered nor found`);
  return existing.id;
}

/** Credits `amount`; returns the ledger row's id (with an order line already credited, that row's). */
export async function creditLandCredit(tx: Tx, entry: LandCreditEntry): Promise<string> {
  positive(entry.amount);
  return enter(tx, entry, entry.amount);
}

/** Debits `amount` unless the balance would go below zero (then `ok` is false, nothing written). */
export async function debitLandCredit(tx: Tx, entry: LandCreditEntry): Promise<LandCreditDebit> {
  positive(entry.amount);
  return debitWithinBalance(tx, {
    ledger: 'land_credit',
    userId: entry.userId,
    amount: entry.amount,
    balance: () => landCreditBalance(tx, entry.userId),
    enter: () => enter(tx, entry, -entry.amount),
  });
}
