import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { queryRows, type Database } from '../db/client.ts';
import { landCreditBalance } from '../modules/assets/index.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoLand } from './demo-land.ts';

describe('demo land', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoAccounts(database.db);
  });
  afterAll(async () => database?.close());

  it('gives pilot Paris plots in two collections and two loose, captain a Rome collection, credit to both, once', async () => {
    expect(await seedDemoLand(database.db)).toBe(true);
    expect(await seedDemoLand(database.db)).toBe(false);
    const rows = await queryRows<{ username: string; collection: string | null; plots: number; countries: string[] }>(
      database.db,
      sql`SELECT u.username, c.name AS collection, count(*)::int AS plots, array_agg(DISTINCT p.country) AS countries
          FROM land_plots p JOIN users u ON u.id = p.user_id LEFT JOIN land_collections c ON c.id = p.collection_id
          GROUP BY u.username, c.name ORDER BY u.username, c.name NULLS LAST`,
    );
    expect(rows).toEqual([
      { username: 'captain', collection: 'Colosseum', plots: 3, countries: ['IT'] },
      { username: 'captain', collection: null, plots: 1, countries: ['IT'] },
      { username: 'pilot', collection: 'Left Bank', plots: 3, countries: ['FR'] },
      { username: 'pilot', collection: 'Montmartre', plots: 2, countries: ['FR'] },
      { username: 'pilot', collection: null, plots: 2, countries: ['FR'] },
    ]);
    const [pilot] = await queryRows<{ id: string }>(database.db, sql`SELECT id::text AS id FROM users WHERE username = 'pilot'`);
    expect(await landCreditBalance(database.db, pilot!.id)).toBe(20);
    // Bought two days ago: GOALAND has two whole days to pay.
    const [days] = await queryRows<{ min: number }>(database.db, sql`SELECT min(extract(day FROM now() - staking_from))::int AS min FROM land_plots`);
    expect(days!.min).toBe(2);
  });
});
