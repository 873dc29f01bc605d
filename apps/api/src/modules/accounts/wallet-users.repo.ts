import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { UserRow } from './accounts.repo.ts';

export async function findUserByWallet(db: DbOrTx, address: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.walletAddress, address));
  return row;
}

/**
 * A wallet account: no e-mail, no password. Returns nothing when a unique key is taken (this
 * username, or this wallet by a sign-in that ran at the same moment): the caller looks again.
 */
export async function insertWalletUser(
  db: DbOrTx,
  values: { username: string; walletAddress: string; walletRef: string | null },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: null, passwordHash: null })
    .onConflictDoNothing()
    .returning();
  return row;
}

/**
 * Links a wallet to an account that has none. Returns nothing when the account already has one;
 * a wallet another account holds fails on users_wallet_address_key (the caller maps it to 409).
 */
export async function setWalletIfNone(db: DbOrTx, userId: string, address: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ walletAddress: address })
    .where(and(eq(users.id, userId), isNull(users.walletAddress)))
    .returning();
  return row;
}
