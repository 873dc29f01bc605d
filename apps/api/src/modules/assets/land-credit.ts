import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { lockLedger } from './balance-lock.ts';

/** Land credit: a ledger (credit_ledger), the balance is its sum. */

export type LandCreditEntry = { userId: string; amount: number; reason: string };
export type LandCreditDebit = { ok: true; entryId: string; balance: number } | { ok: false; balance: number };

export async function landCreditBalance(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await queryRows<{ total: string | number | null }>(
    db,
    sql`SELECT sum(amount) AS total FROM credit_ledger WHERE user_id = ${userId}`,
  );
  return Number(row?.total ?? 0);
}

const positive = (amount: number) => {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`a land-credit amount is a whole number above 0, not ${amount}`);
};

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
  await lockLedger(tx, 'land_credit', entry.userId);
  const balance = await landCreditBalance(tx, entry.userId);
  if (balance < entry.amount) return { ok: false, balance };
  return { ok: true, entryId: await enter(tx, entry, -entry.amount), balance: balance - entry.amount };
}
