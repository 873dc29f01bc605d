import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/** The advisory-lock namespace of the holdings ledgers (pg_advisory_xact_lock(int, int)). */
const LEDGER_LOCK = 7321030;

/**
 * Queues the debits of one player's ledger behind each other until the caller's transaction
 * ends: a debit reads the balance after the lock, so two debits cannot both spend the same
 * units. A transaction-scoped advisory lock rather than a row lock, because a ledger has no
 * row per player to lock (and the users row belongs to accounts). Credits need no lock: they
 * only raise a balance a debit has checked.
 */
export async function lockLedger(tx: Tx, ledger: 'dnc' | 'land_credit' | 'house_pieces', userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LEDGER_LOCK}, hashtext(${`${ledger}:${userId}`}))`);
}

export type Debit<Id> = { ok: true; entryId: Id; balance: number } | { ok: false; balance: number };

/**
 * A ledger's debit: whole units above zero, taken only when the balance covers them. The
 * player's ledger is locked first, so of two debits the second reads the first one's row; a
 * debit that would go below zero writes nothing and says what the balance is.
 */
export async function debitWithinBalance<Id>(
  tx: Tx,
  d: {
    ledger: 'dnc' | 'land_credit';
    userId: string;
    amount: number;
    balance: () => Promise<number>;
    enter: () => Promise<Id>;
  },
): Promise<Debit<Id>> {
  await lockLedger(tx, d.ledger, d.userId);
  const balance = await d.balance();
  if (balance < d.amount) return { ok: false, balance };
  return { ok: true, entryId: await d.enter(), balance: balance - d.amount };
}

/** Ledger amounts are whole units above zero; anything else is a bug in the caller. */
export function assertPositive(what: string, amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`a ${what} amount is a whole number above 0, not ${amount}`);
}
