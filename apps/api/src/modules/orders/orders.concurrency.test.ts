import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { openDatabase, queryRows, type Database } from '../../db/client.ts';
import { addPlayer, addShopLine, lapse, outcomes, stockOf } from './orders.fixtures.ts';
import { OrdersService } from './orders.service.ts';

const USD = 1_000_000n;
const ship = (id: string, total = 1) => ({ id, total, object: 'spaceship' as const });

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: a limited drop under a stampede, and racing expiries', () => {
  let database: Database & { url?: string };
  let second: Database;
  /** two API copies: separate connection pools on one database */
  let a: OrdersService;
  let b: OrdersService;
  let players: string[];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    second = await openDatabase({ url: database.url!, onConnectionError: () => {} });
    a = new OrdersService({ db: database.db, reservationMinutes: 30 });
    b = new OrdersService({ db: second.db, reservationMinutes: 30 });
    players = [];
    for (let i = 0; i < 20; i++) players.push(await addPlayer(database.db, `pilot${i}`));
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it('150 copies, 400 buyers at once: exactly 150 pending orders, stock 0, the rest are 409s', async () => {
    const drop = await addShopLine(database.db, { stock: 150, sellMicro: 5000n * USD, name: 'Legendary Drop' });
    const r = await outcomes(
      Array.from({ length: 400 }, (_, i) =>
        (i % 2 ? a : b).openOrder(players[i % players.length]!, [ship(drop.id)], 'card'),
      ),
    );
    expect(r.unexpected).toEqual([]);
    expect(r.ok).toHaveLength(150);
    expect(r.conflicts).toHaveLength(250);
    expect(await stockOf(database.db, drop.id)).toBe(0);
    const [row] = await queryRows<{ orders: number; reserved: number; codes: number }>(
      database.db,
      sql`SELECT count(*)::int AS orders, count(DISTINCT o.code)::int AS codes, coalesce(sum(r.quantity), 0)::int AS reserved
          FROM orders o JOIN stock_reservations r ON r.order_id = o.id
          WHERE r.shop_stock_id = ${Number(drop.id)} AND o.status = 'pending'`,
    );
    expect(row).toEqual({ orders: 150, reserved: 150, codes: 150 });
  });

  it('orders naming the same ships in opposite orders queue instead of deadlocking', async () => {
    const x = await addShopLine(database.db, { stock: 1000, sellMicro: 10n * USD });
    const y = await addShopLine(database.db, { stock: 1000, sellMicro: 10n * USD });
    const r = await outcomes(
      Array.from({ length: 120 }, (_, i) =>
        (i % 2 ? a : b).openOrder(
          players[i % players.length]!,
          i % 2 ? [ship(x.id), ship(y.id)] : [ship(y.id), ship(x.id)],
          'card',
        ),
      ),
    );
    expect(r.unexpected).toEqual([]);
    expect(r.ok).toHaveLength(120);
    expect([await stockOf(database.db, x.id), await stockOf(database.db, y.id)]).toEqual([880, 880]);
  });

  it('two workers expiring the same orders at once give each order’s stock back exactly once', async () => {
    const line = await addShopLine(database.db, { stock: 100, sellMicro: 10n * USD });
    const opened = [];
    for (let i = 0; i < 20; i++) opened.push(await a.openOrder(players[i]!, [ship(line.id, 3)], 'card'));
    expect(await stockOf(database.db, line.id)).toBe(40);
    for (const o of opened) await lapse(database.db, o.id);
    const runs = await Promise.all(
      opened.flatMap((o) => [a.expire(o.id), b.expire(o.id), a.expire(o.id), b.expire(o.id)]),
    );
    expect(runs.filter((x) => x === 'expired')).toHaveLength(20);
    expect(runs.filter((x) => x === 'unchanged')).toHaveLength(60);
    expect(await stockOf(database.db, line.id)).toBe(100);
    const [row] = await queryRows<{ released: number; events: number }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM stock_reservations r WHERE r.shop_stock_id = ${Number(line.id)} AND r.released_at IS NOT NULL) AS released,
                 (SELECT count(*)::int FROM order_events e JOIN stock_reservations r ON r.order_id = e.order_id
                   WHERE r.shop_stock_id = ${Number(line.id)} AND e.kind = 'stock_released') AS events`,
    );
    expect(row).toEqual({ released: 20, events: 20 });
  });

  it('a payment racing the expiry: one wins, and the stock matches the winner', async () => {
    const line = await addShopLine(database.db, { stock: 100, sellMicro: 10n * USD });
    const opened = [];
    for (let i = 0; i < 20; i++) opened.push(await a.openOrder(players[i]!, [ship(line.id, 2)], 'widget'));
    for (const o of opened) await lapse(database.db, o.id);
    const results = await Promise.all(
      opened.map(async (o, i) => {
        const [paid, expired] = await Promise.all([
          (i % 2 ? a : b).markPaid(o.id, {
            provider: 'sandbox',
            eventId: `race_${o.id}`,
            amountMicro: BigInt(o.total_micro),
          }),
          (i % 2 ? b : a).expire(o.id),
        ]);
        return { paid, expired };
      }),
    );
    for (const r of results) {
      // Either the payment won (the order stays paid, expiry did nothing) or the expiry did (the payment goes to review).
      expect([
        r.paid === 'paid' && r.expired === 'unchanged',
        r.paid === 'review' && r.expired === 'expired',
      ]).toContain(true);
    }
    const paidCount = results.filter((r) => r.paid === 'paid').length;
    expect(await stockOf(database.db, line.id)).toBe(100 - 2 * paidCount);
  });
});
