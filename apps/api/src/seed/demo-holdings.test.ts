import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { queryRows, type Database } from '../db/client.ts';
import { seedDemoCatalogue } from '../modules/catalogue/index.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { seedDemoHoldings } from './demo-holdings.ts';

describe('demo holdings: the demo accounts own and sell things from the first start', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoAccounts(database.db);
    await seedDemoCatalogue(database.db, { now: new Date('2026-11-01T00:00:00Z') });
  });
  afterAll(async () => database?.close());

  it('gives ships, DNC and unit pieces, lists some as the players’ own, and runs once', async () => {
    expect(await seedDemoHoldings(database.db)).toBe(true);
    const holdings = await queryRows<{ username: string; ships: number; listed: number; dnc: number; pieces: number; listings: number }>(
      database.db,
      sql`SELECT u.username,
                 (SELECT count(*)::int FROM owned_ships o WHERE o.user_id = u.id) AS ships,
                 (SELECT count(*)::int FROM owned_ships o WHERE o.user_id = u.id AND o.state = 'listed') AS listed,
                 (SELECT coalesce(sum(amount), 0)::int FROM dnc_ledger d WHERE d.user_id = u.id) AS dnc,
                 (SELECT coalesce(sum(pieces), 0)::int FROM owned_house_pieces p WHERE p.user_id = u.id) AS pieces,
                 (SELECT count(*)::int FROM marketplace_listings l WHERE l.seller_id = u.id AND l.status = 'listed') AS listings
          FROM users u ORDER BY u.username`,
    );
    expect(holdings).toEqual([
      { username: 'captain', ships: 3, listed: 1, dnc: 5_000, pieces: 2, listings: 1 },
      { username: 'pilot', ships: 6, listed: 2, dnc: 20_000, pieces: 3, listings: 3 },
    ]);
    // The marketplace still opens on the house's listings.
    const [first] = await queryRows<{ seller_id: string | null }>(
      database.db,
      sql`SELECT seller_id FROM marketplace_listings WHERE status = 'listed' ORDER BY listed_at DESC, id DESC LIMIT 1`,
    );
    expect(first?.seller_id).toBeNull();
    expect(await seedDemoHoldings(database.db)).toBe(false);
  });
});
