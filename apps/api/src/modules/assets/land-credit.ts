import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { assertPositive, debitWithinBalance, type Debit } from './balance-lock.ts';

/** Land credit: a ledger (credit_ledger), the balance is its sum. */

export type LandCreditEntry = { userId: string; amount: number; reason: string };
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
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO credit_ledger (user_id, amount, reason) VALUES (${e.userId}, ${amount}, ${e.reason}) RETURNING id`,
  );
  return row!.id;
}

/** Credits `amount`; returns the ledger row's id. */
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
