import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { queryRows, type Database } from '../db/client.ts';
import { referrerOf } from '../modules/accounts/index.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { DEMO_REFERRER, DEMO_REFERRER_WALLET, seedDemoReferrals } from './demo-referrals.ts';

describe('demo referrals', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoAccounts(database.db);
  });
  afterAll(async () => database?.close());

  it('makes commander the referrer of captain and three wallet players, once', async () => {
    expect(await seedDemoReferrals(database.db)).toBe(true);
    expect(await seedDemoReferrals(database.db)).toBe(false);
    const referred = await queryRows<{ username: string }>(
      database.db,
      sql`SELECT username FROM users WHERE wallet_ref = ${DEMO_REFERRER_WALLET} ORDER BY username`,
    );
    expect(referred.map((r) => r.username)).toEqual(['captain', 'nova-runner', 'orion-drift', 'vega-scout']);
    const [commander] = await queryRows<{ id: string; password_hash: string | null }>(
      database.db,
      sql`SELECT id::text AS id, password_hash FROM users WHERE username = ${DEMO_REFERRER}`,
    );
    expect(commander?.password_hash).toBeNull();
    const [captain] = await queryRows<{ id: string }>(database.db, sql`SELECT id::text AS id FROM users WHERE username = 'captain'`);
    expect(await referrerOf(database.db, captain!.id)).toBe(commander!.id);
    // pilot and captain keep paying as e-mail accounts.
    const wallets = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM users WHERE username IN ('pilot', 'captain') AND wallet_address IS NOT NULL`,
    );
    expect(wallets[0]!.n).toBe(0);
  });
});
