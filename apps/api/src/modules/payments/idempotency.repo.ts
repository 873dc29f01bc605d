import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';

/** What the table holds for a key: who asked what, and the answer once there is one. */
export type KeyRecord = { fingerprint: string; answer: string | null };

/**
 * A claim with no answer this long after it was made belongs to a request that will never
 * answer: its server was killed, or the database dropped the connection before the answer or
 * the release was written. Opening a payment takes seconds (a card provider's call with its
 * retries, about a minute at worst), so after two minutes the key may run again rather than
 * answer "still being opened" until it expires a day later.
 */
export const ABANDONED_CLAIM_SECONDS = 120;

/**
 * Claims (player, key) for a request: true when this request is the first (it must run and
 * then `keepAnswer` or `forget`), false when another request holds the key. The primary key
 * decides between two requests at once; a key past its expiry, or an abandoned claim, is taken
 * over in the same statement, so a forgotten key never blocks.
 */
export async function claimKey(
  db: Db,
  userId: string,
  key: string,
  fingerprint: string,
  expiresAt: Date,
): Promise<boolean> {
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId, key, fingerprint, expiresAt })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { fingerprint, expiresAt, answer: null, createdAt: sql`now()` },
      setWhere: or(
        lt(idempotencyKeys.expiresAt, sql`now()`),
        and(
          isNull(idempotencyKeys.answer),
          lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${ABANDONED_CLAIM_SECONDS})`),
        ),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  return claimed.length === 1;
}

/** The key's row if it is still live (not expired). */
export async function readKey(db: Db, userId: string, key: string): Promise<KeyRecord | null> {
  const [row] = await db
    .select({ fingerprint: idempotencyKeys.fingerprint, answer: idempotencyKeys.answer })
    .from(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), sql`${idempotencyKeys.expiresAt} >= now()`),
    );
  return row ?? null;
}

/** Stores the first request's answer: every repeat of the key is answered with it. */
export async function keepAnswer(db: Db, userId: string, key: string, answer: unknown): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ answer: JSON.stringify(answer) })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.answer)));
}

/** The first request failed: it opened nothing that can be paid, so the key may run again. */
export async function forgetKey(db: Db, userId: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.answer)));
}

/** Drops a player's expired keys (run when the player claims one, so the table stays small). */
export async function dropExpiredKeys(db: Db, userId: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.expiresAt, sql`now()`)));
}
