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
export async function lockLedger(tx: Tx, ledger: 'dnc' | 'land_credit', userId: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LEDGER_LOCK}, hashtext(${`${ledger}:${userId}`}))`);
}
