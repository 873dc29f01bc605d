import { sql } from 'drizzle-orm';
import type { MarketplaceItem } from '@starport/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, getJson, type CatalogueTestApp } from '../../../test/catalogue-test-app.ts';
import { queryRows } from '../../db/client.ts';

type Detail = MarketplaceItem & { price_history: Array<{ sold_at: string; price: number; price_micro: string }>; more_from_collection: MarketplaceItem[] };
type Sold = { _id: string; id: string; price: number; price_micro: string; sold_at: string; kind: string; cache: Record<string, unknown>; item: Record<string, unknown> };

describe('marketplace item, sold lists and totals', () => {
  let t: CatalogueTestApp;
  beforeAll(async () => {
    t = await createCatalogueTestApp();
  });
  afterAll(() => t.close());

  const rows = <T>(q: ReturnType<typeof sql>) => queryRows<T>(t.database.db, q);
  const item = async (id: string) => {
    const res = await getJson<{ error: boolean; item: Detail }>(t.app, `/api/marketplace/item/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.item;
  };
  const sold = async (path: string) => {
    const res = await getJson<{ error: boolean; data: Sold[] }>(t.app, `/api/marketplace/${path}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };

  it('answers a ship listing with its real price history and ships of its element', async () => {
    const [pick] = await rows<{ id: string; ship_id: number; element: number }>(sql`
      SELECT l.id::text AS id, l.ship_id, l.element FROM marketplace_listings l
      WHERE l.status = 'listed' AND l.kind = 'ship'
        AND (SELECT count(*) FROM marketplace_sales sa JOIN marketplace_listings p ON p.id = sa.listing_id WHERE p.ship_id = l.ship_id) >= 2
      ORDER BY l.id LIMIT 1`);
    const history = await rows<{ price_micro: string }>(sql`
      SELECT sa.price_micro::text AS price_micro FROM marketplace_sales sa JOIN marketplace_listings p ON p.id = sa.listing_id
      WHERE p.ship_id = ${pick!.ship_id} ORDER BY sa.sold_at`);
    const detail = await item(pick!.id);
    expect(detail).toMatchObject({ _id: pick!.id, kind: 'ship', type: 'spaceship', status: 'listed', sold_at: null });
    expect(detail.item).toMatchObject({ _id: `ship-${pick!.ship_id}`, element: pick!.element, team_name: expect.any(String), team_description: expect.any(String) });
    expect(detail.price_history.map((p) => p.price_micro)).toEqual(history.map((h) => h.price_micro));
    const times = detail.price_history.map((p) => Date.parse(p.sold_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(detail.more_from_collection.length).toBe(8);
    for (const m of detail.more_from_collection) {
      expect(m).toMatchObject({ kind: 'ship', status: 'listed', item: { element: pick!.element } });
      expect(m._id).not.toBe(pick!.id);
    }
  });

  it('answers a unit listing with unit figures under both names and more units', async () => {
    const [pick] = await rows<{ id: string; apartment: number; type: number; area_m2: number; total_pieces: number }>(sql`
      SELECT l.id::text AS id, u.apartment, t.type, t.area_m2, t.total_pieces FROM marketplace_listings l
      JOIN house_units u ON u.apartment = l.house_unit_id JOIN house_unit_types t ON t.type = u.type
      WHERE l.status = 'listed' ORDER BY l.id LIMIT 1`);
    const detail = await item(pick!.id);
    expect(detail).toMatchObject({ kind: 'house_unit', type: 'spaceship', minted: true, name: `Container House Apartment ${pick!.apartment}` });
    expect(detail.item).toMatchObject({
      name: `Type ${pick!.type}`,
      apartment: pick!.apartment,
      area_m2: pick!.area_m2,
      health: pick!.area_m2,
      total_pieces: pick!.total_pieces,
      rocket_re_time: pick!.total_pieces,
      apr_bps: 2600,
      apart_label: expect.stringMatching(/^Apart \d+-\d+$/),
    });
    expect(detail.more_from_collection.length).toBeGreaterThan(0);
    expect(detail.more_from_collection.every((m) => m.kind === 'house_unit' && m._id !== pick!.id)).toBe(true);
  });

  it('answers DNC and sold listings too', async () => {
    const [dnc] = await rows<{ id: string }>(sql`SELECT l.id::text AS id FROM marketplace_listings l WHERE l.kind = 'dnc' AND l.status = 'listed' ORDER BY l.id LIMIT 1`);
    expect(await item(dnc!.id)).toMatchObject({ kind: 'dnc', type: 'dnc', item: { dnc_amount: expect.any(Number) } });
    const [done] = await rows<{ id: string }>(sql`SELECT l.id::text AS id FROM marketplace_listings l WHERE l.status = 'sold' ORDER BY l.id LIMIT 1`);
    expect(await item(done!.id)).toMatchObject({ status: 'sold', sold_at: expect.any(String) });
  });

  it('answers 404 for ids that name nothing, 400 for an oversized one', async () => {
    for (const id of ['999999999', '0', 'abc', '-1', '1e3', '99999999999999999999999', '%20']) {
      const res = await getJson(t.app, `/api/marketplace/item/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ error: true, code: 'NOT_FOUND', msg: expect.stringContaining('no marketplace item') });
    }
    const long = await getJson(t.app, `/api/marketplace/item/${'1'.repeat(65)}`);
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: true, code: 'BAD_REQUEST', msg: 'This id is too long.' });
  });

  it('recently_sold: newest first, 12 by default, limit capped', async () => {
    const data = await sold('recently_sold');
    expect(data).toHaveLength(12);
    const [newest] = await rows<{ id: string }>(sql`SELECT sa.id::text AS id FROM marketplace_sales sa ORDER BY sa.sold_at DESC, sa.id DESC LIMIT 1`);
    expect(data[0]!._id).toBe(newest!.id);
    const times = data.map((d) => Date.parse(d.sold_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await sold('recently_sold?limit=8')).toHaveLength(8);
    // The Top-NFT entry of the spec: _id, id, price, cache with rarity, image and stats.
    expect(Object.keys(data[0]!.cache)).toEqual(expect.arrayContaining(['rarity', 'image', 'health', 'healing', 'gun_damage', 'rocket_damage']));
    const over = await getJson(t.app, '/api/marketplace/recently_sold?limit=101');
    expect(over).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST', msg: 'limit must be at most 100.' } });
  });

  it('top_nft: the most expensive ship and unit sales, highest first', async () => {
    const data = await sold('top_nft');
    const top = await rows<{ id: string }>(sql`
      SELECT sa.id::text AS id FROM marketplace_sales sa JOIN marketplace_listings l ON l.id = sa.listing_id
      WHERE l.kind <> 'dnc' ORDER BY sa.price_micro DESC, sa.sold_at DESC, sa.id DESC LIMIT 12`);
    expect(data.map((d) => d._id)).toEqual(top.map((r) => r.id));
    expect(data.every((d) => d.kind !== 'dnc')).toBe(true);
  });

  it('last_7_days: the week\'s sales, highest first', async () => {
    const data = await sold('last_7_days?limit=100');
    const since = t.now.getTime() - 7 * 24 * 3600 * 1000;
    const [week] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM marketplace_sales WHERE sold_at >= ${new Date(since).toISOString()}::timestamptz`);
    expect(data.length).toBe(Math.min(100, week!.n));
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((d) => Date.parse(d.sold_at) >= since)).toBe(true);
    const prices = data.map((d) => BigInt(d.price_micro));
    expect(prices).toEqual([...prices].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('totalDeposit: the count and summed value of every recorded sale', async () => {
    const res = await getJson<{ count: number; total: number; total_micro: string }>(t.app, '/api/marketplace/totalDeposit');
    const [sum] = await rows<{ n: number; total: string }>(sql`SELECT count(*)::int AS n, sum(price_micro)::text AS total FROM marketplace_sales`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ error: false, count: sum!.n, total: Number(sum!.total) / 1e6, total_micro: sum!.total });
  });
});
