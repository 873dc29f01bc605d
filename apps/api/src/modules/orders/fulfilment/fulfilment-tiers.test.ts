import { LEGENDARY_SUPPLY } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/test-database.ts';
import { queryRows, type Database } from '../../../db/client.ts';
import { JobWorker } from '../../../jobs/queue.ts';
import { AppError } from '../../../lib/app-error.ts';
import { ORDER_FULFIL_JOB, fulfilOrderJob } from '../fulfil-order-job.ts';
import { addPlayer, setBoxTiers, tiersOf } from '../orders.fixtures.ts';
import { OrdersService } from '../orders.service.ts';
import { fulfilOrder } from './fulfil-order.ts';
import { addOddsBox, holdingsOf, nextNonceOf, paidOrder, statusOf, takeSerials } from './fulfilment.fixtures.ts';
import { FulfilmentBlocked } from './grants.ts';

const silent = Fastify({ logger: false }).log;
const ALWAYS_LEGENDARY: [number, number, number, number] = [0, 0, 0, 10_000];
const ALWAYS_COMMON: [number, number, number, number] = [10_000, 0, 0, 0];

/** Legendary serials, blind-box tiers and blocked openings. Serials are global: one database for this file. */
describe('blind-box openings: tiers and the 150 Legendary serials', () => {
  let database: Database;
  let orders: OrdersService;
  let worker: JobWorker;
  const legendaryCount = async () =>
    Number(
      (await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ships WHERE rarity = 3`))[0]!.n,
    );
  const jobOf = async (orderId: number) =>
    (
      await queryRows<{ failed: boolean; done: boolean; last_error: string | null }>(
        database.db,
        sql`SELECT failed_at IS NOT NULL AS failed, done_at IS NOT NULL AS done, last_error FROM jobs WHERE dedupe_key = ${`order.fulfil:${orderId}`}`,
      )
    )[0]!;

  beforeAll(async () => {
    database = await createTestDatabase();
    orders = new OrdersService({ db: database.db, reservationMinutes: 30 });
    worker = new JobWorker(database.db, { [ORDER_FULFIL_JOB]: fulfilOrderJob() }, silent, { backoffBaseMs: 1 });
    // Serials 1..148 exist except 7 and 42: the free ones are 7, 42, 149 and 150.
    await takeSerials(database.db, 148, [7, 42]);
  });
  afterAll(async () => database?.close());

  it('a Legendary draw takes the lowest free serial and keeps the Legendary the box held', async () => {
    const box = await addOddsBox(database.db, 'legend', ALWAYS_LEGENDARY, [10, 10, 10, 2]);
    const buyer = await addPlayer(database.db, 'legend-buyer');
    const order = await paidOrder(orders, buyer, [{ id: box, total: 2, object: 'blindbox' }]);
    expect(await tiersOf(database.db, 'legend')).toEqual([8, 8, 8, 0]);
    // The Legendary tier is empty: nobody else can buy a box that might draw one.
    const sale = await orders
      .openOrder(buyer, [{ id: box, total: 1, object: 'blindbox' }], 'card')
      .catch((e: unknown) => e);
    expect(sale).toBeInstanceOf(AppError);
    expect((sale as AppError).status).toBe(409);

    await worker.drain();
    expect(await statusOf(database.db, order.id)).toMatchObject({ status: 'fulfilled' });
    const made = await queryRows<{ legendary_serial: number; name: string; description: string }>(
      database.db,
      sql`SELECT s.legendary_serial, s.name, s.description FROM blind_box_openings o JOIN ships s ON s.id = o.ship_id
          WHERE o.user_id = ${buyer} ORDER BY o.box_index`,
    );
    expect(made.map((m) => m.legendary_serial)).toEqual([7, 42]);
    expect(made.every((m) => m.name.endsWith(' Prime'))).toBe(true);
    expect(made[0]!.description).toContain('Serial 7 of 150.');
    // Each box kept its Legendary and gave back a Common, a Rare and an Epic.
    expect(await tiersOf(database.db, 'legend')).toEqual([10, 10, 10, 0]);
    expect(await legendaryCount()).toBe(148);
  });

  it('with every serial taken, a Legendary draw is blocked: nothing granted, the order stays paid and goes to review', async () => {
    await addOddsBox(database.db, 'legend-last', ALWAYS_LEGENDARY, [10, 10, 10, 3]);
    const buyer = await addPlayer(database.db, 'legend-late');
    // Three boxes, two serials left (149, 150).
    const order = await paidOrder(orders, buyer, [{ id: 'blindbox-legend-last', total: 3, object: 'blindbox' }]);
    const shipsBefore = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ships`);

    await worker.drain();

    expect(await jobOf(order.id)).toMatchObject({ failed: true, done: false });
    expect((await jobOf(order.id)).last_error).toContain('All Legendary ships exist already');
    expect(await statusOf(database.db, order.id)).toEqual({ status: 'paid', needs_review: true, fulfilled: false });
    expect(
      await queryRows(
        database.db,
        sql`SELECT kind FROM order_events WHERE order_id = ${order.id} AND kind = 'fulfilment_blocked'`,
      ),
    ).toHaveLength(1);
    expect(await holdingsOf(database.db, buyer)).toMatchObject({ ships: 0, openings: 0 });
    expect(await queryRows(database.db, sql`SELECT count(*)::int AS n FROM ships`)).toEqual(shipsBefore);
    expect(await nextNonceOf(database.db, buyer)).toBe(null);
    expect(await tiersOf(database.db, 'legend-last')).toEqual([7, 7, 7, 0]);
    expect(await legendaryCount()).toBeLessThanOrEqual(LEGENDARY_SUPPLY);

    // One box fits: serials 149 and 150 go, and no 151st can ever be made.
    const one = await paidOrder(orders, buyer, [{ id: 'blindbox-legend', total: 2, object: 'blindbox' }]).catch(
      (e: unknown) => e,
    );
    expect(one).toBeInstanceOf(AppError); // the 'legend' box's Legendary tier is 0
    await setBoxTiers(database.db, 'legend', [10, 10, 10, 2]);
    const fits = await paidOrder(orders, buyer, [{ id: 'blindbox-legend', total: 2, object: 'blindbox' }]);
    expect(await fulfilOrder(database.db, fits.id)).toMatchObject({ outcome: 'fulfilled' });
    expect(await legendaryCount()).toBe(LEGENDARY_SUPPLY);
    const serials = await queryRows<{ s: number }>(database.db, sql`SELECT max(legendary_serial)::int AS s FROM ships`);
    expect(serials[0]!.s).toBe(LEGENDARY_SUPPLY);
  });

  it('a box the order does not hold takes its drawn tier now, and an empty tier blocks the opening', async () => {
    // An order from before tiers were reserved: its boxes hold nothing.
    await addOddsBox(database.db, 'common-only', ALWAYS_COMMON, [2, 5, 5, 5]);
    const buyer = await addPlayer(database.db, 'unheld-buyer');
    const order = await paidOrder(orders, buyer, [{ id: 'blindbox-common-only', total: 1, object: 'blindbox' }]);
    await database.db.execute(sql`DELETE FROM blind_box_reservations WHERE order_id = ${order.id}`);
    await setBoxTiers(database.db, 'common-only', [2, 5, 5, 5]);
    expect(await fulfilOrder(database.db, order.id)).toMatchObject({ outcome: 'fulfilled' });
    // The Common it drew left the Common tier; nothing was given back (nothing was held).
    expect(await tiersOf(database.db, 'common-only')).toEqual([1, 5, 5, 5]);

    const empty = await paidOrder(orders, buyer, [{ id: 'blindbox-common-only', total: 1, object: 'blindbox' }]);
    await database.db.execute(sql`DELETE FROM blind_box_reservations WHERE order_id = ${empty.id}`);
    await setBoxTiers(database.db, 'common-only', [0, 5, 5, 5]);
    const blocked = await fulfilOrder(database.db, empty.id).catch((e: unknown) => e);
    expect(blocked).toBeInstanceOf(FulfilmentBlocked);
    expect((blocked as Error).message).toBe('The Common ships of the Box common-only are sold out.');
    expect(await tiersOf(database.db, 'common-only')).toEqual([0, 5, 5, 5]);
    expect(await statusOf(database.db, empty.id)).toMatchObject({ status: 'paid' });
    expect(await holdingsOf(database.db, buyer)).toMatchObject({ ships: 1, openings: 1 });
  });

  it('no tier ever goes below zero: the table refuses it whatever the code does', async () => {
    const negative = await database.db
      .execute(sql`UPDATE blind_box_tiers SET supply = supply - 1000 WHERE box_code = 'legend'`)
      .catch((e: unknown) => e);
    expect(negative).toBeInstanceOf(Error);
    const [low] = await queryRows<{ min: number }>(
      database.db,
      sql`SELECT min(supply)::int AS min FROM blind_box_tiers`,
    );
    expect(low!.min).toBeGreaterThanOrEqual(0);
  });
});
