import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { walletNonces } from '../../db/schema/index.ts';
import type { NoncePurpose } from './siwe-message.ts';

export type NonceRow = typeof walletNonces.$inferSelect;

export async function insertNonce(
  db: DbOrTx,
  values: { nonce: string; address: string; purpose: NoncePurpose; userId: string | null; message: string; chainId: number; issuedAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(walletNonces).values(values);
}

export async function findNonce(db: DbOrTx, nonce: string): Promise<NonceRow | undefined> {
  const [row] = await db.select().from(walletNonces).where(eq(walletNonces.nonce, nonce));
  return row;
}

/** The live (unused, unexpired) nonces of this address and purpose, newest first: for a client that sends no message. */
export async function findLiveNonces(
  db: DbOrTx,
  p: { address: string; purpose: NoncePurpose; userId: string | null; limit: number },
): Promise<NonceRow[]> {
  return db
    .select()
    .from(walletNonces)
    .where(
      and(
        eq(walletNonces.address, p.address),
        eq(walletNonces.purpose, p.purpose),
        p.userId ? eq(walletNonces.userId, p.userId) : undefined,
        isNull(walletNonces.usedAt),
        gt(walletNonces.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(walletNonces.issuedAt))
    .limit(p.limit);
}

/**
 * Uses a nonce: ONE conditional UPDATE, so of two submissions at once only one gets the row
 * back (the other waits for the first to commit, then no longer matches `used_at IS NULL`).
 * A used, expired, unknown or other address's nonce returns nothing.
 */
export async function consumeNonce(
  db: DbOrTx,
  p: { nonce: string; address: string; purpose: NoncePurpose; userId: string | null },
): Promise<NonceRow | undefined> {
  const [row] = await db
    .update(walletNonces)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(walletNonces.nonce, p.nonce),
        eq(walletNonces.address, p.address),
        eq(walletNonces.purpose, p.purpose),
        p.userId ? eq(walletNonces.userId, p.userId) : undefined,
        isNull(walletNonces.usedAt),
        gt(walletNonces.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** Housekeeping when an address asks again: its nonces that lapsed a day ago are of no use to anyone. */
export async function pruneOldNonces(db: DbOrTx, address: string): Promise<void> {
  await db.delete(walletNonces).where(and(eq(walletNonces.address, address), lt(walletNonces.expiresAt, sql`now() - interval '1 day'`)));
}
