import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { avatarUploads, users } from '../../db/schema/index.ts';

export type AvatarUploadRow = typeof avatarUploads.$inferSelect;

export async function insertUpload(db: DbOrTx, key: string, userId: string, expiresAt: Date): Promise<void> {
  await db.insert(avatarUploads).values({ key, userId, expiresAt });
}

export async function findUpload(db: DbOrTx, key: string): Promise<AvatarUploadRow | undefined> {
  const [row] = await db.select().from(avatarUploads).where(eq(avatarUploads.key, key)).limit(1);
  return row;
}

/** The embedded PUT: one upload per slot, before it expires; false when that is no longer so. */
export async function markUploaded(db: DbOrTx, key: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(avatarUploads)
    .set({ uploadedAt: now })
    .where(and(eq(avatarUploads.key, key), isNull(avatarUploads.uploadedAt), isNull(avatarUploads.usedAt), gt(avatarUploads.expiresAt, now)))
    .returning({ key: avatarUploads.key });
  return rows.length === 1;
}

/** Makes an upload an avatar once: false when another call (or an earlier one) already did. */
export async function markUsed(db: DbOrTx, key: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(avatarUploads)
    .set({ usedAt: now })
    .where(and(eq(avatarUploads.key, key), eq(avatarUploads.userId, userId), isNull(avatarUploads.usedAt)))
    .returning({ key: avatarUploads.key });
  return rows.length === 1;
}

export async function setAvatar(db: DbOrTx, userId: string, avatar: string | null): Promise<void> {
  await db.update(users).set({ avatar }).where(eq(users.id, userId));
}

/** Another account already has this name, whatever its case. */
export async function usernameTakenByOther(db: DbOrTx, username: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, sql`${users.id} <> ${userId}`))
    .limit(1);
  return rows.length > 0;
}

export async function setUsername(db: DbOrTx, userId: string, username: string): Promise<void> {
  await db.update(users).set({ username }).where(eq(users.id, userId));
}
