import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, type CatalogueTestApp } from '../../../test/catalogue-test-app.ts';
import { queryRows } from '../../db/client.ts';
import { writeDiscountTiers } from './discount-tiers.ts';

type Shop = { id: string; name: string; sell_price_micro: string; price_micro: string; stock: number };

describe('cart pricing and the stock check', () => {
  let t: CatalogueTestApp;
  let ships: Shop[];
  const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

  beforeAll(async () => {
    t = await createCatalogueTestApp();
    ships = await queryRows<Shop>(
      t.database.db,
      sql`SELECT st.id::text AS id, s.name, st.sell_price_micro::text AS sell_price_micro, st.price_micro::text AS price_micro, st.stock
          FROM shop_stock st JOIN ships s ON s.id = st.ship_id WHERE st.active AND st.stock >= 5 ORDER BY st.id LIMIT 2`,
    );
    expect(ships).toHaveLength(2);
  });
  afterAll(async () => t?.close());

  it('prices a cart from our own prices, whatever price the browser sends', async () => {
    const [a, b] = ships as [Shop, Shop];
    const res = await post('/api/getprice', {
      items: [
        { _id: a.id, total: 2, object: 'spaceship', sell_price: 0.01, price: 0.01 },
        { id: b.id, total: 1, object: 'spaceship' },
        { id: 'blindbox-frontier', total: 1, object: 'blindbox' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    const subMicro = BigInt(a.sell_price_micro) * 2n + BigInt(b.sell_price_micro) + 250_000_000n;
    expect(data.totalsub_micro).toBe(subMicro.toString());
    expect(data.totalItems).toBe(4);
    expect(data.discountPercent).toBe(5);
    expect(BigInt(data.discount_micro) + BigInt(data.priceTotal_micro)).toBe(subMicro);
    expect([data.nextDiscount, data.missingCount]).toEqual([10, 1]);
    expect(data.lines.map((l: { name: string }) => l.name)).toEqual([a.name, b.name, 'Frontier Blind Box']);
    // A blind box's stock is how many boxes its tiers can still fill: the smallest tier (decision 0018).
    const [tiers] = await queryRows<{ least: number }>(t.database.db, sql`SELECT min(supply)::int AS least FROM blind_box_tiers WHERE box_code = 'frontier'`);
    expect(data.lines[2]).toMatchObject({ sell_price: 250, price: 1000, stock: tiers!.least, soldout: false });
  });

  it('merges the same item named twice and prices an empty cart at zero', async () => {
    const a = ships[0]!;
    const twice = (await post('/api/getprice', { items: [{ id: a.id, total: 1, object: 'spaceship' }, { _id: a.id, total: 2, object: 'spaceship' }] })).json();
    expect(twice.data.lines).toHaveLength(1);
    expect(twice.data.lines[0].total).toBe(3);
    const empty = (await post('/api/getprice', { items: [] })).json();
    expect(empty.data).toMatchObject({ totalsub: 0, priceTotal: 0, discount: 0, totalItems: 0, missingCount: 3 });
  });

  it('follows the tiers the operator sets, and publishes them', async () => {
    await writeDiscountTiers(t.database.db, [{ min_items: 2, percent: 12.5 }]);
    try {
      const a = ships[0]!;
      const { data } = (await post('/api/getprice', { items: [{ id: a.id, total: 2, object: 'spaceship' }] })).json();
      expect(data.discountPercent).toBe(12.5);
      expect([data.nextDiscount, data.missingCount]).toEqual([0, 0]);
      expect((await t.app.inject({ method: 'GET', url: '/api/getprice/tiers' })).json().data).toEqual([{ min_items: 2, percent: 12.5 }]);
    } finally {
      await writeDiscountTiers(t.database.db, [
        { min_items: 3, percent: 5 },
        { min_items: 5, percent: 10 },
        { min_items: 10, percent: 15 },
      ]);
    }
  });

  it('an item we do not sell is a 404 that names it; malformed carts are a 400 with a clear msg', async () => {
    for (const id of ['999999', 'abc', '-1', '99999999999', 'blindbox-nope']) {
      const res = await post('/api/getprice', { items: [{ id, total: 1, object: id.startsWith('blindbox') ? 'blindbox' : 'spaceship' }] });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().msg).toContain(`(${id}) is no longer sold`);
    }
    const bad: [unknown, RegExp][] = [
      [{}, /items/],
      [{ items: [{ id: '1', total: 0, object: 'spaceship' }] }, /total/],
      [{ items: [{ id: '1', total: 101, object: 'spaceship' }] }, /total/],
      [{ items: [{ id: '1', total: 1.5, object: 'spaceship' }] }, /total/],
      [{ items: [{ id: '1', total: 1, object: 'land' }] }, /object/],
      [{ items: [{ total: 1, object: 'spaceship' }] }, /needs an id/],
      [{ items: Array.from({ length: 51 }, (_, i) => ({ id: String(i + 1), total: 1, object: 'spaceship' })) }, /at most 50/],
    ];
    for (const [payload, msg] of bad) {
      const res = await post('/api/getprice', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().msg).toMatch(msg);
    }
  });

  it('stock_validate passes a cart that can be bought and names the line that cannot', async () => {
    const [a, b] = ships as [Shop, Shop];
    const ok = await post('/api/shop_payment/stock_validate', { ids: [{ id: a.id, total: a.stock, object: 'spaceship' }, { id: 'blindbox-frontier', total: 3, object: 'blindbox' }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ error: false, msg: 'Every item in your cart is in stock.' });

    const tooMany = await post('/api/shop_payment/stock_validate', { ids: [{ id: b.id, total: b.stock + 1, object: 'spaceship' }] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().msg).toBe(`Only ${b.stock} of ${b.name} are left. Please lower the quantity in your cart.`);

    await t.database.db.execute(sql`UPDATE shop_stock SET active = false WHERE id = ${Number(b.id)}`);
    try {
      const withdrawn = await post('/api/shop_payment/stock_validate', { ids: [{ id: b.id, total: 1, object: 'spaceship' }] });
      expect(withdrawn.statusCode).toBe(409);
      expect(withdrawn.json().msg).toBe(`${b.name} is sold out. Please remove it from your cart.`);
      const priced = (await post('/api/getprice', { items: [{ id: b.id, total: 1, object: 'spaceship' }] })).json();
      expect(priced.data.lines[0]).toMatchObject({ soldout: true, stock: 0 });
    } finally {
      await t.database.db.execute(sql`UPDATE shop_stock SET active = true WHERE id = ${Number(b.id)}`);
    }
    expect((await post('/api/shop_payment/stock_validate', { ids: [] })).json().msg).toMatch(/The cart is empty/);
  });
});
