import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { JobWorker } from '../../jobs/queue.ts';
import { addPlayer, addShopLine, eventsOf, stockOf } from './orders.fixtures.ts';
import { ordersJobs } from './orders-jobs.ts';
import { OrdersService } from './orders.service.ts';
import { ORDER_UNATTACHED_JOB, SESSION_GRACE_MS } from './unattached-order-job.ts';

/**
 * A start-payment cut off between reserving and attaching its session (the process killed, the
 * database connection dropped, so that even its undo could not run) left an order holding stock
 * that nobody could pay until it expired. Its unattached-session job gives the stock back.
 */
describe('an order whose payment session was never attached', () => {
  let database: Database;
  let orders: OrdersService;
  let worker: JobWorker;
  let player: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    orders = new OrdersService({ db: database.db, reservationMinutes: 30 });
    worker = new JobWorker(database.db, ordersJobs({ orders }), pino({ level: 'silent' }), { backoffBaseMs: 1 });
    player = await addPlayer(database.db, 'cut-off-buyer');
  });
  afterAll(async () => database?.close());

  /** Runs the order's unattached-session job now, as if its grace had passed. */
  async function graceLapses(orderId: number) {
    await database.db.execute(
      sql`UPDATE jobs SET run_at = now() WHERE dedupe_key = ${`${ORDER_UNATTACHED_JOB}:${orderId}`}`,
    );
    await worker.drain();
  }

  it('is queued with the order, due a few minutes after it', async () => {
    const line = await addShopLine(database.db, { stock: 3, sellMicro: 100_000_000n });
    const order = await orders.openOrder(player, [{ id: line.id, total: 1, object: 'spaceship' }], 'card');
    const [job] = await queryRows<{ due_after_ms: number }>(
      database.db,
      sql`SELECT (extract(epoch FROM j.run_at - o.created_at) * 1000)::float8 AS due_after_ms
          FROM jobs j JOIN orders o ON o.id = ${order.id}
          WHERE j.dedupe_key = ${`${ORDER_UNATTACHED_JOB}:${order.id}`}`,
    );
    // The database keeps microseconds, the due time was computed in milliseconds.
    expect(Math.abs(job!.due_after_ms - SESSION_GRACE_MS)).toBeLessThan(1);
  });

  it('fails a pending order that has no session and gives its stock back, once', async () => {
    const line = await addShopLine(database.db, { stock: 5, sellMicro: 100_000_000n });
    const order = await orders.openOrder(player, [{ id: line.id, total: 2, object: 'spaceship' }], 'card');
    expect(await stockOf(database.db, line.id)).toBe(3);

    await graceLapses(order.id);
    expect(await stockOf(database.db, line.id)).toBe(5);
    const events = await eventsOf(database.db, order.id);
    expect(events.filter((e) => e.kind === 'failed')).toEqual([{ kind: 'failed', from_status: 'pending', to_status: 'failed' }]);
    // Run again (a retry, a second worker): nothing more moves.
    expect(await orders.failUnattached(order.id)).toBe(false);
    expect(await stockOf(database.db, line.id)).toBe(5);
    // A session that turns up late cannot attach to the failed order.
    expect(await orders.attachSession(order.id, 'stripe', 'cs_late_1')).toBe(false);
  });

  it('leaves an order that got its session alone', async () => {
    const line = await addShopLine(database.db, { stock: 2, sellMicro: 100_000_000n });
    const order = await orders.openOrder(player, [{ id: line.id, total: 1, object: 'spaceship' }], 'card');
    expect(await orders.attachSession(order.id, 'stripe', `cs_attached_${order.id}`)).toBe(true);

    await graceLapses(order.id);
    const [row] = await queryRows<{ status: string }>(database.db, sql`SELECT status FROM orders WHERE id = ${order.id}`);
    expect(row?.status).toBe('pending');
    expect(await stockOf(database.db, line.id)).toBe(1);
  });
});
