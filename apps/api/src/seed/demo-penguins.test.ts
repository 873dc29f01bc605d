import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { queryRows, type Database } from '../db/client.ts';
import { seedDemoCatalogue } from '../modules/catalogue/index.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoHoldings } from './demo-holdings.ts';
import { seedDemoPenguins } from './demo-penguins.ts';

describe('demo penguins: the collection exists and the demo accounts own some from the first start', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoAccounts(database.db);
    await seedDemoCatalogue(database.db, { now: new Date('2026-11-01T00:00:00Z') });
    await seedDemoHoldings(database.db);
  });
  afterAll(async () => database?.close());

  it('writes the 40 penguins of the collection, gives pilot 4 and captain 2, and runs once', async () => {
    expect(await seedDemoPenguins(database.db)).toBe(true);
    const [collection] = await queryRows<{ n: number; rarities: number[] }>(
      database.db,
      sql`SELECT count(*)::int AS n, array_agg(DISTINCT rarity::int ORDER BY rarity::int) AS rarities FROM penguins`,
    );
    expect(collection).toEqual({ n: 40, rarities: [0, 1, 2, 3] });
    const owned = await queryRows<{ username: string; penguins: number[] }>(
      database.db,
      sql`SELECT u.username, array_agg(o.penguin_id ORDER BY o.penguin_id) AS penguins
          FROM owned_penguins o JOIN users u ON u.id = o.user_id GROUP BY u.username ORDER BY u.username`,
    );
    expect(owned).toEqual([
      { username: 'captain', penguins: [3, 26] },
      { username: 'pilot', penguins: [1, 2, 25, 35] },
    ]);
    expect(await seedDemoPenguins(database.db)).toBe(false);
    const [count] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM owned_penguins`);
    expect(count!.n).toBe(6);
  });

  it('puts one of captain’s free ships on his Rare penguin three days ago, so DNC has accrued', async () => {
    const [held] = await queryRows<{ username: string; penguin_id: number; state: string; days: number }>(
      database.db,
      sql`SELECT u.username, o.penguin_id, s.state, extract(day FROM now() - a.accrued_from)::int AS days
          FROM penguin_assignments a JOIN owned_penguins o ON o.id = a.owned_penguin_id
          JOIN owned_ships s ON s.id = a.owned_ship_id JOIN users u ON u.id = a.user_id`,
    );
    expect(held).toEqual({ username: 'captain', penguin_id: 26, state: 'penguin', days: 3 });
  });
});
