import { sql, type SQL } from 'drizzle-orm';
import { dncImagePath, shipImagePath, unitImagePath, type MarketplaceItem } from '@starport/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, getJson, type CatalogueTestApp } from '../../../test/catalogue-test-app.ts';
import { queryRows } from '../../db/client.ts';
import { boundedCount } from '../../lib/sql/bounded-count.ts';

type FindBody = { error: boolean; data: MarketplaceItem[]; total: number; total_capped: boolean; page: number; limit: number };

describe('GET /api/marketplace/find', () => {
  let t: CatalogueTestApp;
  beforeAll(async () => {
    t = await createCatalogueTestApp();
  });
  afterAll(() => t.close());

  const find = async (query: string) => {
    const res = await getJson<FindBody>(t.app, `/api/marketplace/find${query ? `?${query}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** Ground truth straight from the table, without the segment arithmetic. */
  const listed = async (where: SQL = sql`TRUE`) => {
    const rows = await queryRows<{ id: string }>(
      t.database.db,
      // Qualified: a bare `id` in ORDER BY would sort the text output column.
      sql`SELECT l.id::text AS id FROM marketplace_listings l WHERE l.status = 'listed' AND (${where}) ORDER BY l.listed_at DESC, l.id DESC`,
    );
    return rows.map((r) => r.id);
  };

  it('answers the newest 20 listings and the exact total', async () => {
    const body = await find('');
    const all = await listed();
    expect(body).toMatchObject({ error: false, total: all.length, total_capped: false, page: 1, limit: 20 });
    expect(body.data.map((d) => d._id)).toEqual(all.slice(0, 20));
  });

  it('takes the empty filters the spec client sends', async () => {
    const body = await find('element=&rarity=&price_from=&price_to=&page=1&limit=20');
    expect(body.total).toBe((await listed()).length);
  });

  it('filters by each element; earth is human; dnc is the DNC packs', async () => {
    for (const [value, where] of [
      ['human', sql`kind = 'ship' AND element = 0`],
      ['earth', sql`kind = 'ship' AND element = 0`],
      ['ai', sql`kind = 'ship' AND element = 1`],
      ['alien', sql`kind = 'ship' AND element = 2`],
      ['dnc', sql`kind = 'dnc'`],
    ] as const) {
      const expected = await listed(where);
      const body = await find(`element=${value}&limit=100`);
      expect(body.total, value).toBe(expected.length);
      expect(body.data.map((d) => d._id)).toEqual(expected.slice(0, 100));
    }
    const human = await find('element=human');
    expect(await find('element=earth')).toEqual(human);
  });

  it('combines element lists, ignoring case, spaces, repeats and repeated keys', async () => {
    const expected = await listed(sql`(kind = 'ship' AND element IN (1, 2)) OR kind = 'dnc'`);
    for (const q of ['element=ai,alien,dnc', 'element=%20AI%20,Alien,,dnc,ai', 'element=ai&element=alien,dnc']) {
      const body = await find(`${q}&limit=50`);
      expect(body.total, q).toBe(expected.length);
      expect(body.data.map((d) => d._id)).toEqual(expected.slice(0, 50));
    }
  });

  it('filters by rarity (legend is legendary) and by element and rarity together', async () => {
    expect((await find('rarity=legend')).total).toBe((await listed(sql`rarity = 3`)).length);
    const expected = await listed(sql`kind = 'ship' AND element = 2 AND rarity IN (2, 3)`);
    const body = await find('element=alien&rarity=epic,legendary&limit=100');
    expect(body.total).toBe(expected.length);
    expect(body.data.map((d) => d._id)).toEqual(expected.slice(0, 100));
    for (const d of body.data) expect([d.item.element, d.item.rarity]).toEqual([2, expect.toBeOneOf([2, 3])]);
    // DNC packs and units have no rarity: a rarity filter leaves them out.
    expect(await find('element=dnc&rarity=rare')).toMatchObject({ total: 0, data: [] });
  });

  it('filters by kind; units carry no element', async () => {
    const units = await find('kind=house_unit&limit=100');
    expect(units.total).toBe((await listed(sql`kind = 'house_unit'`)).length);
    expect(units.data.every((d) => d.kind === 'house_unit' && d.type === 'spaceship')).toBe(true);
    expect((await find('kind=house_unit&element=human')).total).toBe(0);
    expect((await find('kind=ship,dnc')).total).toBe((await listed(sql`kind <> 'house_unit'`)).length);
  });

  it('filters by sell price in USD, both bounds inclusive, in any typed form', async () => {
    const [pick] = await queryRows<{ p: string }>(t.database.db, sql`SELECT sell_price_micro::text AS p FROM marketplace_listings WHERE status = 'listed' AND kind = 'ship' ORDER BY id LIMIT 1 OFFSET 17`);
    const p = BigInt(pick!.p);
    const usd = `${p / 1_000_000n}.${String(p % 1_000_000n).padStart(6, '0')}`;
    const exact = await find(`price_from=${usd}&price_to=${usd}`);
    expect(exact.total).toBe((await listed(sql`sell_price_micro = ${pick!.p}`)).length);
    expect(exact.total).toBeGreaterThan(0);
    expect(exact.data.every((d) => d.sell_price_micro === pick!.p)).toBe(true);

    const expected = await listed(sql`sell_price_micro BETWEEN 100000000 AND 1500000000 AND kind = 'ship' AND element = 1`);
    for (const q of ['price_from=100&price_to=1500', 'price_from=%24100&price_to=1,500.00', 'price_from=100.000000&price_to=%24%201500']) {
      const body = await find(`${q}&element=ai&limit=100`);
      expect(body.total, q).toBe(expected.length);
      expect(body.data.map((d) => d._id)).toEqual(expected.slice(0, 100));
    }
    const from = await find('price_from=5000&limit=100');
    expect(from.total).toBe((await listed(sql`sell_price_micro >= 5000000000`)).length);
    expect(from.data.every((d) => d.sell_price >= 5000)).toBe(true);
    const to = await find('price_to=20');
    expect(to.total).toBe((await listed(sql`sell_price_micro <= 20000000`)).length);
  });

  it('pages through a filter: no gaps, no repeats, totals agree with the pages', async () => {
    const expected = await listed(sql`kind = 'ship' AND rarity = 3`);
    expect(expected.length).toBeGreaterThan(20);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 7); page++) {
      const body = await find(`rarity=legendary&limit=7&page=${page}`);
      expect(body.total).toBe(expected.length);
      expect(body.data.length).toBe(Math.min(7, expected.length - seen.length));
      seen.push(...body.data.map((d) => d._id));
    }
    expect(seen).toEqual(expected);
    const after = await find(`rarity=legendary&limit=7&page=${Math.ceil(expected.length / 7) + 1}`);
    expect(after).toMatchObject({ data: [], total: expected.length });
    // The unfiltered list pages the same way.
    const all = await listed();
    const [p3, p4] = [await find('page=3&limit=30'), await find('page=4&limit=30')];
    expect([...p3.data, ...p4.data].map((d) => d._id)).toEqual(all.slice(60, 120));
  });

  it('caps the page size at 100', async () => {
    expect((await find('limit=100')).data).toHaveLength(100);
    const res = await getJson(t.app, '/api/marketplace/find?limit=101');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: true, code: 'BAD_REQUEST', msg: 'limit must be at most 100.' });
  });

  it('answers the spec fields for ships, units and packs', async () => {
    const ship = (await find('element=human&limit=1')).data[0]!;
    expect(Object.keys(ship)).toEqual(expect.arrayContaining(['_id', 'name', 'type', 'kind', 'price', 'sell_price', 'price_micro', 'sell_price_micro', 'minted', 'item', 'cache']));
    expect(ship.cache).toEqual(ship.item);
    expect(ship.item).toMatchObject({ element: 0, attack: ship.item.gun_damage, defender: ship.item.defense });
    expect(ship.item.image).toBe(shipImagePath(0, ship.item.rarity as 0, Number(ship.item.image.split('-').pop())));
    for (const key of ['health', 'healing', 'gun_damage', 'rocket_damage', 'defense', 'afterburner', 'rocket_recharge_time', 'rocket_fire_rate', 'rocket_re_time', 'attack', 'defender']) {
      expect(typeof (ship.item as Record<string, unknown>)[key], key).toBe('number');
    }
    expect(ship.sell_price * 1e6).toBeCloseTo(Number(ship.sell_price_micro), 3);
    const unit = (await find('kind=house_unit&limit=1')).data[0]!;
    expect(unit).toMatchObject({ type: 'spaceship', kind: 'house_unit', item: { name: `Type ${unit.item.unit_type}`, image: unitImagePath(unit.item.unit_type as 1) } });
    expect(unit.item).toMatchObject({ health: unit.item.area_m2, healing: unit.item.floors, gun_damage: unit.item.rooms, rocket_damage: unit.item.housing, rocket_re_time: unit.item.total_pieces });
    const dnc = (await find('element=dnc&limit=1')).data[0]!;
    expect(dnc).toMatchObject({ type: 'dnc', kind: 'dnc', item: { element: null, rarity: null, image: dncImagePath(dnc.item.dnc_amount!) } });
  });

  it('reports a price-filtered total past the count cap as capped, and the counts table stays exact', async () => {
    const { db } = t.database;
    await db.execute(sql`INSERT INTO marketplace_listings (kind, dnc_pack_id, price_micro, sell_price_micro, listed_at)
                         SELECT 'dnc', 1, 1230000, 1230000, now() - interval '400 days' FROM generate_series(1, 10050)`);
    const capped = await find('price_from=1.23&price_to=1.23');
    expect(capped).toMatchObject({ total: 10000, total_capped: true });
    expect(capped.data).toHaveLength(20);
    const exact = await find('element=dnc');
    expect(exact).toMatchObject({ total: (await listed(sql`kind = 'dnc'`)).length, total_capped: false });
    // A big price-filtered result mixing dense and sparse segments pages exactly like the table.
    const mixed = await listed(sql`sell_price_micro BETWEEN 1000000 AND 100000000`);
    expect(mixed.length).toBeGreaterThan(10000);
    for (const [page, limit] of [[1, 50], [2, 50], [3, 100], [150, 50]] as const) {
      const body = await find(`price_from=1&price_to=100&page=${page}&limit=${limit}`);
      expect(body.total_capped).toBe(true);
      expect(body.data.map((d) => d._id), `page ${page}`).toEqual(mixed.slice((page - 1) * limit, page * limit));
    }
    const humans = await listed(sql`kind = 'ship' AND element = 0 AND sell_price_micro <= 100000000`);
    expect((await find('element=human&price_to=100&limit=100')).data.map((d) => d._id)).toEqual(humans.slice(0, 100));
    expect(await boundedCount(db, sql`FROM marketplace_listings WHERE kind = 'house_unit'`, 5)).toEqual({ total: 5, capped: true });
    expect(await boundedCount(db, sql`FROM marketplace_listings WHERE kind = 'house_unit' AND status = 'listed'`, 1000)).toEqual({ total: 60, capped: false });
  });
});
