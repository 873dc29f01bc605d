import type { GinConversionStatus } from '@starport/schemas';
import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { chainTransfers, ginConversions, ginConversionSteps, users } from '../../db/schema/index.ts';
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

/** Any player's conversion by tid, for the operator. */
export async function findByTid(db: DbOrTx, tid: string): Promise<GinConversionRow | undefined> {
  const [row] = await db.select().from(ginConversions).where(eq(ginConversions.tid, tid));
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
 * Records the reported transaction: quoted (or lapsed) → verifying, only while no hash is set
 * and before `reportBy` (the quote's expiry plus the verification grace: a transfer sent just in
 * time and reported a little late still counts; burnt Gin is never lost to a slow wallet). False
 * when another call got there first, or it is too late.
 */
export async function recordTransaction(db: DbOrTx, id: number, txHash: string, reportBy: Date): Promise<boolean> {
  const rows = await db
    .update(ginConversions)
    .set({ status: 'verifying', txHash, updatedAt: sql`now()` })
    .where(
      and(
        eq(ginConversions.id, id),
        inArray(ginConversions.status, ['quoted', 'expired']),
        isNull(ginConversions.txHash),
        sql`now() < ${reportBy.toISOString()}::timestamptz`,
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

/** A conversion waiting for an operator: the player's name, and the Gin the transfer it claimed moved (none claimed: null). */
export type InReviewRow = { conversion: GinConversionRow; player: string; burntBase: bigint | null };

/** Conversions in review, longest waiting first, and how many there are. */
export async function listInReview(db: DbOrTx, limit: number): Promise<{ rows: InReviewRow[]; total: number }> {
  const inReview = eq(ginConversions.status, 'review');
  const rows = await db
    .select({ conversion: ginConversions, player: users.username, burntBase: chainTransfers.amountBase })
    .from(ginConversions)
    .innerJoin(users, eq(users.id, ginConversions.userId))
    // chain_transfers.gin_conversion_id is unique: at most one transfer per conversion.
    .leftJoin(chainTransfers, eq(chainTransfers.ginConversionId, ginConversions.id))
    .where(inReview)
    .orderBy(asc(ginConversions.updatedAt), asc(ginConversions.id))
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(ginConversions).where(inReview);
  return { rows, total: total?.n ?? 0 };
}

/**
 * An operator's decision on a conversion in review (decision 0071): conditional on `review`, so
 * of two operators at once the second's UPDATE waits for the first's transaction, then matches
 * nothing. Undefined when the conversion is not in review (any more).
 */
export async function resolveInReview(
  tx: Tx,
  id: number,
  o: { status: 'credited' | 'failed'; failure: string | null; note: string },
): Promise<GinConversionRow | undefined> {
  const [row] = await tx
    .update(ginConversions)
    .set({
      status: o.status,
      failure: o.failure,
      reviewNote: o.note,
      reviewedAt: sql`now()`,
      updatedAt: sql`now()`,
      ...(o.status === 'credited' ? { creditedAt: sql`now()` } : {}),
    })
    .where(and(eq(ginConversions.id, id), eq(ginConversions.status, 'review')))
    .returning();
  return row;
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
