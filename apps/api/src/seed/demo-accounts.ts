import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { setSaleProgram } from '../modules/site/index.ts';

export const DEMO_ACCOUNTS = [
  { username: 'pilot', email: 'pilot@starport.local', password: 'pilot-demo-2026' },
  { username: 'captain', email: 'captain@starport.local', password: 'captain-demo-2026' },
] as const;

/** First start of the embedded default: demo accounts, and buying open. Returns false when data exists. */
export async function seedDemoAccounts(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  for (const a of DEMO_ACCOUNTS) {
    await db
      .insert(users)
      .values({ username: a.username, email: a.email, passwordHash: await hashPassword(a.password), emailVerifiedAt: new Date() })
      .onConflictDoNothing();
  }
  await setSaleProgram(db, 1);
  return true;
}
