import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { addBlindBox, addPlayer, addShopLine } from './orders.fixtures.ts';
import { ORDER_EXPIRE_JOB, OrdersService } from './orders.service.ts';
import { ORDER_UNATTACHED_JOB, SESSION_GRACE_MS } from './unattached-order-job.ts';

const USD = 1_000_000n;

// The opening writes the order, its lines, reservations, event and jobs in one statement
// (opened-order.repo.ts); these are the rows the five separate inserts used to write.
describe('opening an order writes every row it needs, in one statement', () => {
  let database: Database;
  let orders: OrdersService;
  let player: string;
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

  beforeAll(async () => {
    database = await createTestDatabase();
    orders = new OrdersService({ db: database.db, reservationMinutes: 30, maxPendingOrders: 5 });
    player = await addPlayer(database.db, 'opener');
    await addBlindBox(database.db);
  });
  afterAll(async () => database?.close());

  it('writes the order, its lines in cart order, one reservation per held line, the opened event and both jobs', async () => {
    const a = await addShopLine(database.db, { stock: 5, sellMicro: 120n * USD, listMicro: 200n * USD });
    const b = await addShopLine(database.db, { stock: 5, sellMicro: 7n * USD });
    // b before a: the lines keep the cart's order, while the takes go in shop-row order.
    const cart = [
      { id: b.id, total: 1, object: 'spaceship' as const },
      { id: 'blindbox-frontier', total: 1, object: 'blindbox' as const },
      { id: a.id, total: 2, object: 'spaceship' as const },
    ];
    const opened = await orders.openOrder(player, cart, 'card');
    expect(opened.lines.map((l) => [l.object, l.id, l.total])).toEqual([
      ['spaceship', b.id, 1],
      ['blindbox', 'blindbox-frontier', 1],
      ['spaceship', a.id, 2],
    ]);

    const [order] = await rows<{ status: string; user_id: string; total_micro: string; minutes: number; created_now: boolean }>(
      sql`SELECT status, user_id, total_micro::text AS total_micro, created_at = now() AS created_now,
                 round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes
          FROM orders WHERE id = ${opened.id}`,
    );
    expect(order).toMatchObject({ status: 'pending', user_id: player, total_micro: opened.total_micro, minutes: 30 });

    const lines = await rows<{ object: string; shop_stock_id: number | null; blind_box_code: string | null; quantity: number; unit_sell_price_micro: string; unit_list_price_micro: string }>(
      sql`SELECT object, shop_stock_id, blind_box_code, quantity, unit_sell_price_micro::text AS unit_sell_price_micro,
                 unit_list_price_micro::text AS unit_list_price_micro
          FROM order_lines WHERE order_id = ${opened.id} ORDER BY id`,
    );
    expect(lines.map((l) => [l.object, l.shop_stock_id, l.blind_box_code, l.quantity])).toEqual([
      ['spaceship', Number(b.id), null, 1],
      ['blindbox', null, 'frontier', 1],
      ['spaceship', Number(a.id), null, 2],
    ]);
    expect(lines[2]).toMatchObject({ unit_sell_price_micro: String(120n * USD), unit_list_price_micro: String(200n * USD) });

    const shopHeld = await rows<{ shop_stock_id: number; quantity: number }>(
      sql`SELECT shop_stock_id, quantity FROM stock_reservations WHERE order_id = ${opened.id} AND released_at IS NULL ORDER BY shop_stock_id`,
    );
    expect(shopHeld).toEqual(
      [
        { shop_stock_id: Number(a.id), quantity: 2 },
        { shop_stock_id: Number(b.id), quantity: 1 },
      ].sort((x, y) => x.shop_stock_id - y.shop_stock_id),
    );
    const boxesHeld = await rows<{ box_code: string; quantity: number }>(
      sql`SELECT box_code, quantity FROM blind_box_reservations WHERE order_id = ${opened.id}`,
    );
    expect(boxesHeld).toEqual([{ box_code: 'frontier', quantity: 1 }]);

    const events = await rows<{ kind: string; from_status: string | null; to_status: string; payload: unknown }>(
      sql`SELECT kind, from_status, to_status, payload FROM order_events WHERE order_id = ${opened.id}`,
    );
    expect(events).toEqual([
      { kind: 'opened', from_status: null, to_status: 'pending', payload: { method: 'card', total_micro: opened.total_micro } },
    ]);

    const jobs = await rows<{ kind: string; dedupe_key: string; payload: unknown; max_attempts: number; at_expiry: boolean; after_ms: number }>(
      sql`SELECT j.kind, j.dedupe_key, j.payload, j.max_attempts, j.run_at = o.expires_at AS at_expiry,
                 round(extract(epoch FROM j.run_at - o.created_at) * 1000)::int AS after_ms
          FROM jobs j JOIN orders o ON o.id = ${opened.id}
          WHERE j.dedupe_key IN (${`${ORDER_EXPIRE_JOB}:${opened.id}`}, ${`${ORDER_UNATTACHED_JOB}:${opened.id}`})
          ORDER BY j.kind`,
    );
    expect(jobs).toEqual([
      { kind: ORDER_EXPIRE_JOB, dedupe_key: `${ORDER_EXPIRE_JOB}:${opened.id}`, payload: { orderId: opened.id }, max_attempts: 8, at_expiry: true, after_ms: 30 * 60_000 },
      { kind: ORDER_UNATTACHED_JOB, dedupe_key: `${ORDER_UNATTACHED_JOB}:${opened.id}`, payload: { orderId: opened.id }, max_attempts: 8, at_expiry: false, after_ms: SESSION_GRACE_MS },
    ]);
  });

  it('holds the stock until holdAtLeast when that is later than the reservation, and not shorter when it is earlier', async () => {
    const line = await addShopLine(database.db, { stock: 5, sellMicro: 3n * USD });
    const buy = [{ id: line.id, total: 1, object: 'spaceship' as const }];
    const later = new Date(Date.now() + 3 * 3600_000);
    const held = await orders.openOrder(player, buy, 'card', { holdAtLeast: later });
    expect(new Date(held.expires_at).getTime()).toBe(later.getTime());

    const earlier = new Date(Date.now() + 60_000);
    const usual = await orders.openOrder(player, buy, 'card', { holdAtLeast: earlier });
    expect(new Date(usual.expires_at).getTime() - new Date(usual.created_at).getTime()).toBe(30 * 60_000);
  });

  it('a failure after the opening statement rolls all of it back: no order, no line, no job, the stock back', async () => {
    const line = await addShopLine(database.db, { stock: 1, sellMicro: 3n * USD });
    const counts = sql`SELECT (SELECT count(*)::int FROM orders) AS orders, (SELECT count(*)::int FROM order_lines) AS lines,
                              (SELECT count(*)::int FROM jobs) AS jobs, (SELECT count(*)::int FROM order_events) AS events,
                              (SELECT stock FROM shop_stock WHERE id = ${Number(line.id)}) AS stock`;
    const [before] = await rows<Record<string, number>>(counts);
    // The blind box's reservation is written after the opening statement: make it fail there.
    await database.db.execute(sql`CREATE FUNCTION refuse_box_hold() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'box hold refused by the test'; END $$`);
    await database.db.execute(
      sql`CREATE TRIGGER refuse_box_hold BEFORE INSERT ON blind_box_reservations FOR EACH ROW EXECUTE FUNCTION refuse_box_hold()`,
    );
    try {
      const cart = [
        { id: line.id, total: 1, object: 'spaceship' as const },
        { id: 'blindbox-frontier', total: 1, object: 'blindbox' as const },
      ];
      const failed = await orders.openOrder(player, cart, 'card').then(
        () => 'opened',
        (e: unknown) => String(e),
      );
      expect(failed).toMatch(/blind_box_reservations|box hold refused by the test/);
    } finally {
      await database.db.execute(sql`DROP TRIGGER refuse_box_hold ON blind_box_reservations`);
      await database.db.execute(sql`DROP FUNCTION refuse_box_hold()`);
    }
    const [after] = await rows<Record<string, number>>(counts);
    expect(after).toEqual(before);
    expect(after!.stock).toBe(1);
  });
});
