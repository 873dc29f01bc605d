import { randomBytes } from 'node:crypto';
import { hashServerSeed } from '@starport/schemas/fairness';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { fairnessSeeds } from '../../db/schema/index.ts';

/**
 * The players' seed pairs (docs/decisions/0017). A player has at most one active pair (a
 * partial unique index): its server seed is secret, only its hash is shown. Openings take
 * nonces from the active pair; rotating reveals it and starts a new one at nonce 0.
 *
 * Both the opening and the rotation lock the active row (the nonce UPDATE, the rotation's
 * FOR UPDATE), so a pair is never revealed while an opening that uses it is uncommitted,
 * and no opening can use a pair once it is revealed.
 */

export type SeedPairRow = typeof fairnessSeeds.$inferSelect;

/** The pair a rotation ended, with its server seed; last_nonce null when no box was opened with it. */
export type RevealedPair = { serverSeed: string; serverSeedHash: string; clientSeed: string; lastNonce: number | null };

/** 32 random bytes as 64 lowercase hex characters. */
export const newServerSeed = () => randomBytes(32).toString('hex');
/** The client seed a player gets until they choose one: 16 random bytes, hex. */
export const newClientSeed = () => randomBytes(16).toString('hex');

/**
 * How often to look again when a racing rotation or creation changed the active pair under us.
 * Each miss is a rotation that committed in between, and the next look sees its new pair, so
 * the looks needed are at most the rotations racing one opening, plus one. A player's rotations
 * are rate-limited (FAIRNESS_ROTATIONS_PER_HOUR); the concurrency test races 8 against 30
 * openings, and 5 looks ran out there once on a loaded machine.
 */
const ATTEMPTS = 12;

const activeOf = (userId: string) => and(eq(fairnessSeeds.userId, userId), isNull(fairnessSeeds.revealedAt));

/** Inserts a new active pair, or nothing when the player already has one (returns null). */
async function insertPair(db: DbOrTx, userId: string, clientSeed: string): Promise<SeedPairRow | null> {
  const serverSeed = newServerSeed();
  const [row] = await db
    .insert(fairnessSeeds)
    .values({ userId, serverSeed, serverSeedHash: await hashServerSeed(serverSeed), clientSeed })
    .onConflictDoNothing({ target: fairnessSeeds.userId, where: sql`revealed_at IS NULL` })
    .returning();
  return row ?? null;
}

/** The player's active pair, made on first use. */
export async function activePair(db: DbOrTx, userId: string): Promise<SeedPairRow> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [row] = await db.select().from(fairnessSeeds).where(activeOf(userId));
    if (row) return row;
    const created = await insertPair(db, userId, newClientSeed());
    if (created) return created;
  }
  throw new Error(`no active seed pair for user ${userId}`);
}

/**
 * Takes `count` consecutive nonces of the player's active pair (made if missing) in one
 * UPDATE … RETURNING: two openings at once get different nonces, and the row stays locked
 * until the caller's transaction ends, so a rotation waits for it. Returns the pair and the
 * first nonce taken.
 */
export async function takeNonces(tx: Tx, userId: string, count: number): Promise<{ pair: SeedPairRow; first: number }> {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a whole number from 1');
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [pair] = await tx
      .update(fairnessSeeds)
      .set({ nextNonce: sql`${fairnessSeeds.nextNonce} + ${count}` })
      .where(activeOf(userId))
      .returning();
    if (pair) return { pair, first: pair.nextNonce - count };
    // No active pair: a first opening, or a rotation revealed the pair after this statement
    // began (its new pair is visible to the next statement). Make one if still missing.
    await insertPair(tx, userId, newClientSeed());
  }
  throw new Error(`could not take nonces for user ${userId}`);
}

/**
 * Ends the active pair (revealing its server seed) and starts a new one with `clientSeed`,
 * or with the old client seed when none is given. With no active pair, only starts one.
 */
export async function rotatePair(
  tx: Tx,
  userId: string,
  clientSeed?: string,
): Promise<{ revealed: RevealedPair | null; active: SeedPairRow }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    // Waits for an opening that holds the row; a rotation that won the row first makes it
    // no longer active, and we look again for the pair it started.
    const [current] = await tx.select().from(fairnessSeeds).where(activeOf(userId)).for('update');
    if (!current) {
      const created = await insertPair(tx, userId, clientSeed ?? newClientSeed());
      if (created) return { revealed: null, active: created };
      continue;
    }
    await tx
      .update(fairnessSeeds)
      .set({ revealedAt: sql`now()` })
      .where(eq(fairnessSeeds.id, current.id));
    const active = await insertPair(tx, userId, clientSeed ?? current.clientSeed);
    if (!active) throw new Error(`user ${userId} still has an active pair after revealing ${current.id}`);
    return {
      revealed: {
        serverSeed: current.serverSeed,
        serverSeedHash: current.serverSeedHash,
        clientSeed: current.clientSeed,
        lastNonce: current.nextNonce > 0 ? current.nextNonce - 1 : null,
      },
      active,
    };
  }
  throw new Error(`could not rotate the seed pair of user ${userId}`);
}
