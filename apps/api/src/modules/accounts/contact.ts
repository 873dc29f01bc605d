import type { DbOrTx } from '../../db/client.ts';
import { findUserById } from './accounts.repo.ts';

/**
 * Where to write to a player about their own things (a sale, a delivery): their name and
 * their verified e-mail address, or null when they have none (a wallet-only account).
 */
export async function mailContactOf(db: DbOrTx, userId: string): Promise<{ username: string; email: string } | null> {
  const user = await findUserById(db, userId);
  if (!user?.email || !user.emailVerifiedAt) return null;
  return { username: user.username, email: user.email };
}
