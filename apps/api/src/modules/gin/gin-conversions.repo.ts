import type { GinConversionStatus } from '@starport/schemas';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { ginConversions, ginConversionSteps } from '../../db/schema/index.ts';
import { activityOrder, olderThan, type ActivityPage } from '../../lib/activity/index.ts';

/** gin_conversions and gin_conversion_steps: the gin area's own rows (decision 0053). */

export type GinConversionRow = typeof ginConversions.$inferSelect;
/** A conversion whose transaction was reported. */
export type ReportedConversion = GinConversionRow & { txHash: string };

export async function insertConversion(db: DbOrTx, values: typeof ginConversions.$inferInsert): Promise<GinConversionRow> {
  const [row] = await db.insert(ginConversions).values(values).returning();
  return row!;
}

export async function findById(db: DbOrTx, id: number): Promise<GinConversionRow | undefined> {
  const [row] = await db.select().from(ginConversions).where(eq(ginConversions.id, id));
  return row;
}

/** The player's own conversion by tid; another player's is not found. */
export async function findOwned(db: DbOrTx, userId: string, tid: string): Promise<GinConversionRow | undefined> {
  const [row] = await db
    .select()
    .from(ginConversions)
    .where(and(eq(ginConversions.tid, tid), eq(ginConversions.userId, userId)));
  return row;
}

/** The player's conversions, newest first. */
export function listOwned(db: DbOrTx, userId: string, limit: number): Promise<GinConversionRow[]> {
  return db
    .select()
    .from(ginConversions)
    .where(eq(ginConversions.userId, userId))
    .orderBy(desc(ginConversions.createdAt), desc(ginConversions.id))
    .limit(limit);
}

/**
 * Records the reported transaction: quoted → verifying, only while no hash is set and the
 * quote holds. False when another call got there first, or the quote lapsed.
 */
export async function recordTransaction(db: DbOrTx, id: number, txHash: string): Promise<boolean> {
  const rows = await db
    .update(ginConversions)
    .set({ status: 'verifying', txHash, updatedAt: sql`now()` })
    .where(
      and(
        eq(ginConversions.id, id),
        eq(ginConversions.status, 'quoted'),
        isNull(ginConversions.txHash),
        sql`${ginConversions.expiresAt} > now()`,
      ),
    )
    .returning({ id: ginConversions.id });
  return rows.length === 1;
}

/** Locks a verifying conversion with this transaction for its decision; false when it is not one any more. */
export async function lockVerifying(tx: Tx, id: number, txHash: string): Promise<boolean> {
  const rows = await tx
    .select({ id: ginConversions.id })
    .from(ginConversions)
    .where(and(eq(ginConversions.id, id), eq(ginConversions.status, 'verifying'), eq(ginConversions.txHash, txHash)))
    .for('update');
  return rows.length === 1;
}

/** Decides a verifying conversion with this transaction; false when it was decided meanwhile. */
export async function decide(
  db: DbOrTx,
  id: number,
  txHash: string,
  status: Exclude<GinConversionStatus, 'quoted' | 'verifying' | 'expired'>,
  failure: string | null,
): Promise<boolean> {
  const rows = await db
    .update(ginConversions)
    .set({ status, failure, updatedAt: sql`now()`, ...(status === 'credited' ? { creditedAt: sql`now()` } : {}) })
    .where(and(eq(ginConversions.id, id), eq(ginConversions.status, 'verifying'), eq(ginConversions.txHash, txHash)))
    .returning({ id: ginConversions.id });
  return rows.length === 1;
}

/** Quotes of this player that lapsed with no transaction reported become `expired`. */
export async function expireLapsed(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(ginConversions)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(
      and(eq(ginConversions.userId, userId), eq(ginConversions.status, 'quoted'), lt(ginConversions.expiresAt, sql`now()`)),
    );
}

export async function insertStep(db: DbOrTx, conversionId: number, step: number, detail: Record<string, unknown>): Promise<void> {
  await db.insert(ginConversionSteps).values({ conversionId, step, detail });
}

/** Credited conversions of the player, for the history: newest first (by credit time), past the cursor. */
export function creditedBefore(db: DbOrTx, userId: string, page: ActivityPage): Promise<GinConversionRow[]> {
  return db
    .select()
    .from(ginConversions)
    .where(
      and(
        eq(ginConversions.userId, userId),
        eq(ginConversions.status, 'credited'),
        olderThan('gin_conversion', sql`${ginConversions.creditedAt}`, sql`${ginConversions.id}`, page.before),
      ),
    )
    .orderBy(activityOrder(sql`${ginConversions.creditedAt}`, sql`${ginConversions.id}`))
    .limit(page.limit);
}
