import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { openDatabase, queryRows, type Database } from '../../db/client.ts';
import type { AppError } from '../../lib/app-error.ts';
import {
  addBlindBox,
  addListing,
  addPlayer,
  addShopLine,
  lapse,
  listedCount,
  listingState,
  stockOf,
  tiersOf,
  outcomes,
} from './orders.fixtures.ts';
import { OrdersService } from './orders.service.ts';

const USD = 1_000_000n;

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: listings and blind boxes under a stampede, and racing releases', () => {
  let database: Database & { url?: string };
  let second: Database;
  /** two API copies: separate connection pools on one database */
  let a: OrdersService;
  let b: OrdersService;
  let players: string[];
  const pick = (i: number) => (i % 2 ? a : b);

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    second = await openDatabase({ url: database.url!, onConnectionError: () => {} });
    a = new OrdersService({ db: database.db, reservationMinutes: 30 });
    b = new OrdersService({ db: second.db, reservationMinutes: 30 });
    players = [];
    for (let i = 0; i < 20; i++) players.push(await addPlayer(database.db, `racer${i}`));
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it('200 buyers racing for one listing: exactly one order, 199 409s, no 5xx', async () => {
    const item = await addListing(database.db, { sellMicro: 900n * USD, name: 'Last Legend' });
    const counted = await listedCount(database.db);
    const r = await outcomes(
      Array.from({ length: 200 }, (_, i) =>
        pick(i).openOrder(players[i % players.length]!, [{ id: item.id, total: 1, object: 'listing' }], 'card'),
      ),
    );
    expect(r.unexpected).toEqual([]);
    expect(r.ok).toHaveLength(1);
    expect(r.conflicts).toHaveLength(199);
    expect(r.conflicts.every((e) => (e as AppError).message === 'This item is no longer for sale.')).toBe(true);
    expect(await listingState(database.db, item.id)).toMatchObject({ status: 'reserved', live: 1, released: 0 });
    expect(await listedCount(database.db)).toBe(counted - 1);
    const [lines] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM order_lines WHERE listing_id = ${Number(item.id)}`,
    );
    expect(lines!.n).toBe(1);
  });

  it('300 buyers racing boxes with a Legendary tier of 20: at most 20 boxes held, no tier below zero, no deadlock', async () => {
    await addBlindBox(database.db, { code: 'stampede', name: 'Stampede Box', tiers: [1000, 500, 200, 20] });
    const ship = await addShopLine(database.db, { stock: 10_000, sellMicro: 10n * USD });
    const r = await outcomes(
      Array.from({ length: 300 }, (_, i) => {
        const boxes = { id: 'blindbox-stampede', total: 1 + (i % 2), object: 'blindbox' as const };
        // A third also take a shop ship first: shop rows, then tiers, in every transaction.
        const lines = i % 3 === 0 ? [boxes, { id: ship.id, total: 1, object: 'spaceship' as const }] : [boxes];
        return pick(i).openOrder(players[i % players.length]!, lines, 'card');
      }),
    );
    expect(r.unexpected).toEqual([]);
    expect(r.ok.length + r.conflicts.length).toBe(300);
    const held = r.ok.reduce((n, o) => n + o.lines.find((l) => l.object === 'blindbox')!.total, 0);
    expect(held).toBeLessThanOrEqual(20);
    // Ones and twos: the last box or two may be refused, never more than one box short.
    expect(held).toBeGreaterThanOrEqual(19);
    expect(await tiersOf(database.db, 'stampede')).toEqual([1000 - held, 500 - held, 200 - held, 20 - held]);
    const [row] = await queryRows<{ boxes: number }>(
      database.db,
      sql`SELECT coalesce(sum(r.quantity), 0)::int AS boxes FROM blind_box_reservations r JOIN orders o ON o.id = r.order_id
          WHERE r.box_code = 'stampede' AND o.status = 'pending' AND r.released_at IS NULL`,
    );
    expect(row!.boxes).toBe(held);
    const shipsTaken = r.ok.filter((o) => o.lines.some((l) => l.object === 'spaceship')).length;
    expect(await stockOf(database.db, ship.id)).toBe(10_000 - shipsTaken);
  });

  it('expiry racing cancel and fail gives boxes and listings back exactly once', async () => {
    await addBlindBox(database.db, { code: 'release-race', name: 'Release Box', tiers: [100, 100, 100, 100] });
    const boxOrders = [];
    for (let i = 0; i < 10; i++)
      boxOrders.push(
        await a.openOrder(players[i]!, [{ id: 'blindbox-release-race', total: 3, object: 'blindbox' }], 'card'),
      );
    const items = [];
    const listingOrders = [];
    for (let i = 0; i < 10; i++) {
      const item = await addListing(database.db, { sellMicro: 20n * USD });
      items.push(item);
      listingOrders.push(await a.openOrder(players[i]!, [{ id: item.id, total: 1, object: 'listing' }], 'card'));
    }
    expect(await tiersOf(database.db, 'release-race')).toEqual([70, 70, 70, 70]);
    const counted = await listedCount(database.db);
    const all = [...boxOrders, ...listingOrders];
    const owners = [...players.slice(0, 10), ...players.slice(0, 10)];
    for (const o of all) await lapse(database.db, o.id);

    const runs = await Promise.all(
      all.map((o, i) =>
        Promise.allSettled([
          pick(i).expire(o.id),
          pick(i + 1).cancel(owners[i]!, o.code),
          pick(i).fail(o.id, 'declined'),
          pick(i + 1).expire(o.id),
        ]),
      ),
    );
    for (const [expire1, cancel, fail, expire2] of runs) {
      // Exactly one of the four moved the order out of pending.
      const won = [
        expire1.status === 'fulfilled' && expire1.value === 'expired',
        cancel.status === 'fulfilled',
        fail.status === 'fulfilled' && fail.value === true,
        expire2.status === 'fulfilled' && expire2.value === 'expired',
      ].filter(Boolean);
      expect(won).toHaveLength(1);
      if (cancel.status === 'rejected') expect((cancel.reason as AppError).status).toBe(409);
    }
    expect(await tiersOf(database.db, 'release-race')).toEqual([100, 100, 100, 100]);
    expect(await listedCount(database.db)).toBe(counted + 10);
    for (const item of items)
      expect(await listingState(database.db, item.id)).toMatchObject({ status: 'listed', live: 0, released: 1 });
    const [events] = await queryRows<{ box: number; listing: number }>(
      database.db,
      sql`SELECT count(*) FILTER (WHERE kind = 'stock_released')::int AS box, count(*) FILTER (WHERE kind = 'listing_released')::int AS listing
          FROM order_events WHERE order_id IN (${sql.join(
            all.map((o) => sql`${o.id}`),
            sql`, `,
          )})`,
    );
    expect(events).toEqual({ box: 10, listing: 10 });
  });
});
