import { and, count, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { oneTimeKeys, sessions, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type KeyPurpose = 'activate' | 'reset';

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Login accepts either the e-mail or the username, both case-insensitive. */
export async function findUserByLogin(db: DbOrTx, login: string): Promise<UserRow | undefined> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(or(eq(users.email, value), eq(sql`lower(${users.username})`, value)))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

export async function usernameExists(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  return Boolean(row);
}

export async function emailUsedByOther(db: DbOrTx, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)));
  return Boolean(row);
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user was not stored');
  return row;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function insertKey(
  db: DbOrTx,
  values: { keyHash: string; userId: string; purpose: KeyPurpose; email: string | null; expiresAt: Date },
): Promise<void> {
  await db.insert(oneTimeKeys).values(values);
}

/** A key that exists for this purpose, is unused and has not expired. */
const liveKey = (keyHash: string, purpose: KeyPurpose) =>
  and(
    eq(oneTimeKeys.keyHash, keyHash),
    eq(oneTimeKeys.purpose, purpose),
    isNull(oneTimeKeys.usedAt),
    gt(oneTimeKeys.expiresAt, new Date()),
  );

/** Marks a live key used and returns it; a used, expired or unknown key returns nothing. */
export async function consumeKey(db: DbOrTx, keyHash: string, purpose: KeyPurpose) {
  const [row] = await db.update(oneTimeKeys).set({ usedAt: new Date() }).where(liveKey(keyHash, purpose)).returning();
  return row;
}

export async function findLiveKey(db: DbOrTx, keyHash: string, purpose: KeyPurpose) {
  const [row] = await db.select().from(oneTimeKeys).where(liveKey(keyHash, purpose));
  return row;
}

/** A key whatever its state (used, retired, expired): what a reopened link was issued for. */
export async function findKey(db: DbOrTx, keyHash: string, purpose: KeyPurpose) {
  const [row] = await db
    .select()
    .from(oneTimeKeys)
    .where(and(eq(oneTimeKeys.keyHash, keyHash), eq(oneTimeKeys.purpose, purpose)));
  return row;
}

/** A new key replaces the older live ones of the same purpose. */
export async function retireLiveKeys(db: DbOrTx, userId: string, purpose: KeyPurpose): Promise<void> {
  await db
    .update(oneTimeKeys)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeKeys.userId, userId), eq(oneTimeKeys.purpose, purpose), isNull(oneTimeKeys.usedAt)));
}

export async function revokeUserSessions(db: DbOrTx, userId: string, reason: string, exceptSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}

/** Newest first; the id breaks ties between accounts created in the same instant. */
export async function listNewestUsers(db: DbOrTx, limit: number): Promise<UserRow[]> {
  return db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(limit);
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}
