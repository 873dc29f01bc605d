import { sql } from 'drizzle-orm';
import { HOUSE_UNIT_TYPES, LEGENDARY_SUPPLY } from '@starport/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { DEMO_LEGENDARY_COUNT, DEMO_SHIP_COUNT } from './demo-ships.ts';
import { seedDemoCatalogue } from './seed.ts';

const TABLES = ['ships', 'dnc_packs', 'house_unit_types', 'house_units', 'blind_boxes', 'blind_box_tiers', 'marketplace_listings', 'marketplace_sales', 'shop_stock', 'listing_counts'];
const NOW = new Date('2026-05-01T12:00:00.000Z');

/** Every catalogue row, in key order, as plain JSON (the drivers agree on text). */
async function dump(database: Database) {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) {
    out[table] = await queryRows(database.db, sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(table)} t ORDER BY 1`);
  }
  return out;
}

const one = async <T>(database: Database, q: ReturnType<typeof sql>) => (await queryRows<T>(database.db, q))[0]!;

describe('demo catalogue seed', () => {
  let a: Database;
  let b: Database;
  beforeAll(async () => {
    [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    expect(await seedDemoCatalogue(a.db, { now: NOW })).toBe(true);
    expect(await seedDemoCatalogue(b.db, { now: NOW })).toBe(true);
    // Two databases and two full seeds: generous on a busy 2-core machine.
  }, 240_000);
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  it('is deterministic: two seeds give identical rows', async () => {
    const [left, right] = await Promise.all([dump(a), dump(b)]);
    expect(left.ships).toHaveLength(DEMO_SHIP_COUNT);
    expect(left).toEqual(right);
  });

  it('loads only into an empty catalogue', async () => {
    expect(await seedDemoCatalogue(a.db, { now: NOW })).toBe(false);
    expect(await one<{ n: number }>(a, sql`SELECT count(*)::int AS n FROM ships`)).toEqual({ n: DEMO_SHIP_COUNT });
  });

  it('has ships of every element and rarity, Legendary within the supply', async () => {
    const rows = await queryRows<{ element: number; rarity: number; n: number }>(
      a.db,
      sql`SELECT element, rarity, count(*)::int AS n FROM ships GROUP BY element, rarity ORDER BY element, rarity`,
    );
    expect(rows).toHaveLength(12);
    const legendary = rows.filter((r) => r.rarity === 3).reduce((s, r) => s + r.n, 0);
    expect(legendary).toBe(DEMO_LEGENDARY_COUNT);
    expect(legendary).toBeLessThanOrEqual(LEGENDARY_SUPPLY);
  });

  it('has the 120 units in the spec ranges, the packs and the blind box', async () => {
    const types = await queryRows<{ type: number; lo: number; hi: number; n: number }>(
      a.db,
      sql`SELECT type, min(apartment)::int AS lo, max(apartment)::int AS hi, count(*)::int AS n FROM house_units GROUP BY type ORDER BY type`,
    );
    expect(types.map((t) => [t.type, t.lo, t.hi])).toEqual(HOUSE_UNIT_TYPES.map((t) => [t.type, t.apartFrom, t.apartTo]));
    expect(types.reduce((s, t) => s + t.n, 0)).toBe(120);
    expect(await one(a, sql`SELECT count(*)::int AS n FROM dnc_packs`)).toEqual({ n: 6 });
    expect(await one(a, sql`SELECT apr_bps FROM house_unit_types GROUP BY apr_bps`)).toEqual({ apr_bps: 2600 });
    const box = await one<{ sum: number; sale: string; list: string }>(
      a,
      sql`SELECT odds_common_bps + odds_rare_bps + odds_epic_bps + odds_legendary_bps AS sum, sale_price_micro::text AS sale, list_price_micro::text AS list FROM blind_boxes`,
    );
    expect(box).toEqual({ sum: 10000, sale: '250000000', list: '1000000000' });
  });

  it('stocks the Frontier box’s tiers, Legendary only up to the 150 that may exist', async () => {
    const tiers = await queryRows<{ rarity: number; supply: number }>(a.db, sql`SELECT rarity, supply FROM blind_box_tiers WHERE box_code = 'frontier' ORDER BY rarity`);
    expect(tiers.map((t) => t.supply)).toEqual([5000, 2500, 1000, LEGENDARY_SUPPLY - DEMO_LEGENDARY_COUNT]);
    const legendary = await one<{ n: number }>(a, sql`SELECT count(*)::int AS n FROM ships WHERE rarity = 3`);
    expect(legendary.n + tiers[3]!.supply).toBe(LEGENDARY_SUPPLY);
  });

  it('lists every kind, stocks the shop and records sales, some in the last 7 days', async () => {
    const kinds = await queryRows<{ kind: string; n: number }>(a.db, sql`SELECT kind, count(*)::int AS n FROM marketplace_listings WHERE status = 'listed' GROUP BY kind ORDER BY kind`);
    expect(kinds.map((k) => k.kind)).toEqual(['dnc', 'house_unit', 'ship']);
    expect(kinds.every((k) => k.n > 0)).toBe(true);
    const s = await one<{ sales: number; week: number; history: number; shop: number; soldout: number }>(
      a,
      sql`SELECT (SELECT count(*)::int FROM marketplace_sales) AS sales,
                 (SELECT count(*)::int FROM marketplace_sales WHERE sold_at >= ${NOW.toISOString()}::timestamptz - interval '7 days') AS week,
                 (SELECT count(*)::int FROM (SELECT l.ship_id FROM marketplace_sales sa JOIN marketplace_listings l ON l.id = sa.listing_id
                    WHERE l.ship_id IS NOT NULL GROUP BY l.ship_id HAVING count(*) > 1) x) AS history,
                 (SELECT count(*)::int FROM shop_stock) AS shop,
                 (SELECT count(*)::int FROM shop_stock WHERE stock = 0) AS soldout`,
    );
    expect(s.sales).toBeGreaterThan(1000);
    expect(s.week).toBeGreaterThan(10);
    expect(s.history).toBeGreaterThan(50);
    expect(s.shop).toBeGreaterThan(300);
    expect(s.soldout).toBeGreaterThan(0);
    // Nothing was sold in the future, and every sold listing has exactly its sale.
    expect(await one(a, sql`SELECT count(*)::int AS n FROM marketplace_sales WHERE sold_at > ${NOW.toISOString()}::timestamptz`)).toEqual({ n: 0 });
    expect(await one(a, sql`SELECT count(*)::int AS n FROM marketplace_listings l LEFT JOIN marketplace_sales sa ON sa.listing_id = l.id WHERE (l.status = 'sold') <> (sa.id IS NOT NULL)`)).toEqual({ n: 0 });
  });

  it('keeps listing_counts equal to the listings, through inserts, updates and deletes', async () => {
    const check = async () => {
      const drift = await queryRows(
        a.db,
        sql`SELECT c.segment, c.listed::int AS counted, coalesce(x.n, 0)::int AS actual FROM listing_counts c
            LEFT JOIN (SELECT segment, count(*) AS n FROM marketplace_listings WHERE status = 'listed' GROUP BY segment) x ON x.segment = c.segment
            WHERE c.listed <> coalesce(x.n, 0)`,
      );
      expect(drift).toEqual([]);
    };
    await check();
    await a.db.execute(sql`UPDATE marketplace_listings SET status = 'cancelled', ended_at = now() WHERE status = 'listed' AND id % 7 = 0`);
    await check();
    await a.db.execute(sql`UPDATE marketplace_listings SET status = 'listed', ended_at = NULL WHERE status = 'cancelled' AND id % 2 = 0`);
    await check();
    await a.db.execute(sql`DELETE FROM marketplace_listings WHERE status = 'cancelled'`);
    await check();
    await a.db.execute(sql`INSERT INTO marketplace_listings (kind, dnc_pack_id, price_micro, sell_price_micro) SELECT 'dnc', 1 + g % 6, 1000000, 1000000 FROM generate_series(1, 50) g`);
    await check();
  });
});
