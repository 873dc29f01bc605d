import { sql, type SQL } from 'drizzle-orm';
import { blindBoxImagePath, type ShopItem } from '@starport/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, getJson, type CatalogueTestApp } from '../../../test/catalogue-test-app.ts';
import { queryRows } from '../../db/client.ts';

type FindBody = { error: boolean; data: ShopItem[]; total: number; total_capped: boolean; page: number; limit: number };

describe('shop calls', () => {
  let t: CatalogueTestApp;
  beforeAll(async () => {
    t = await createCatalogueTestApp();
  });
  afterAll(() => t.close());

  const find = async (query = '') => {
    const res = await getJson<FindBody>(t.app, `/api/shop/find?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  /** Ground truth straight from the table. */
  const active = async (where: SQL = sql`TRUE`) =>
    (await queryRows<{ id: string }>(t.database.db, sql`SELECT st.id::text AS id FROM shop_stock st WHERE st.active AND (${where}) ORDER BY st.created_at DESC, st.id DESC`)).map((r) => r.id);

  it('answers 16 items by default, newest first, with the exact total', async () => {
    const body = await find();
    const all = await active();
    expect(body).toMatchObject({ error: false, total: all.length, page: 1, limit: 16, total_capped: false });
    expect(body.data.map((d) => d._id)).toEqual(all.slice(0, 16));
  });

  it('answers the spec shop fields and the cart fields', async () => {
    const item = (await find()).data[0]!;
    expect(item).toMatchObject({ type: item.element, object: 'spaceship', code: 'spaceship', kind: 'ship', soldout: item.stock === 0 });
    for (const key of ['_id', 'name', 'type', 'rarity', 'image', 'price', 'sell_price', 'price_micro', 'sell_price_micro']) expect(item, key).toHaveProperty(key);
    expect(item.image).toBe(item.item.image);
    expect(item.cache).toEqual(item.item);
  });

  it('filters by element (earth is human), rarity and price, alone and together', async () => {
    const cases: Array<[string, SQL]> = [
      ['element=earth', sql`element = 0`],
      ['element=ai,alien', sql`element IN (1, 2)`],
      ['rarity=common,legend', sql`rarity IN (0, 3)`],
      ['element=human&rarity=rare', sql`element = 0 AND rarity = 1`],
      ['price_from=100&price_to=400', sql`sell_price_micro BETWEEN 100000000 AND 400000000`],
      ['element=alien&rarity=epic&price_to=900', sql`element = 2 AND rarity = 2 AND sell_price_micro <= 900000000`],
    ];
    for (const [query, where] of cases) {
      const expected = await active(where);
      const body = await find(`${query}&limit=100`);
      expect(body.total, query).toBe(expected.length);
      expect(body.data.map((d) => d._id), query).toEqual(expected.slice(0, 100));
    }
    const [p] = await queryRows<{ p: string }>(t.database.db, sql`SELECT sell_price_micro::text AS p FROM shop_stock ORDER BY id LIMIT 1`);
    const usd = Number(p!.p) / 1e6;
    const exact = await find(`price_from=${usd}&price_to=${usd}`);
    expect(exact.total).toBe((await active(sql`sell_price_micro = ${p!.p}`)).length);
    expect(exact.data.every((d) => d.sell_price_micro === p!.p)).toBe(true);
  });

  it('pages without gaps or repeats', async () => {
    const expected = await active(sql`element = 1 AND rarity = 2`);
    const seen: string[] = [];
    for (let page = 1; seen.length < expected.length; page++) seen.push(...(await find(`element=ai&rarity=epic&limit=9&page=${page}`)).data.map((d) => d._id));
    expect(seen).toEqual(expected);
  });

  it('answers one item with its ship price history; unknown ids are 404', async () => {
    const [pick] = await queryRows<{ id: string; ship_id: number }>(t.database.db, sql`SELECT st.id::text AS id, st.ship_id FROM shop_stock st ORDER BY st.id LIMIT 1`);
    const res = await getJson<{ item: ShopItem & { price_history: unknown[] } }>(t.app, `/api/shop/item/${pick!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({ _id: pick!.id, item: { _id: `ship-${pick!.ship_id}` }, price_history: [] });
    for (const id of ['999999', 'abc', '0']) {
      const missing = await getJson(t.app, `/api/shop/item/${id}`);
      expect(missing).toMatchObject({ status: 404, body: { error: true, code: 'NOT_FOUND', msg: expect.stringContaining('no shop item') } });
    }
  });

  it('publishes the blind-box odds as percentages summing to 100', async () => {
    const res = await getJson<{ error: boolean; chance: Record<string, number> }>(t.app, '/api/my/blindboxs/chance');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ error: false, chance: { common: 70, rare: 22, epic: 7, legend: 1 } });
    const box = await getJson<{ item: Record<string, unknown> }>(t.app, '/api/shop/blindbox');
    expect(box.body.item).toMatchObject({
      _id: 'blindbox-frontier',
      code: 'blindbox',
      sell_price: 250,
      price: 1000,
      sell_price_micro: '250000000',
      price_micro: '1000000000',
      image: blindBoxImagePath(),
      odds_bps: { common: 7000, rare: 2200, epic: 700, legend: 100 },
    });
  });
});
