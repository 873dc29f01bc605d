import { TOP_UP_LINE_ID, type OrderLineRequest } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/test-database.ts';
import { openDatabase, queryRows, type Database } from '../../../db/client.ts';
import { landCreditBalance } from '../../assets/index.ts';
import { addPlayer } from '../orders.fixtures.ts';
import { OrdersService } from '../orders.service.ts';
import { fulfilOrder } from './fulfil-order.ts';
import { paidOrder } from './fulfilment.fixtures.ts';
import { grantOrder } from './grant-order.ts';

const topUp = (credits: number): OrderLineRequest[] => [{ object: 'land_credit', id: TOP_UP_LINE_ID, total: credits }];

const ledgerRowsOf = (db: Database['db'], orderId: number) =>
  queryRows<{ amount: number; reason: string }>(
    db,
    sql`SELECT c.amount::int AS amount, c.reason FROM credit_ledger c JOIN order_lines l ON l.id = c.order_line_id WHERE l.order_id = ${orderId}`,
  );

/** A paid top-up credits the ledger once per order line (decision 0047). */
describe('fulfilling a land-credit top-up', () => {
  let database: Database;
  let orders: OrdersService;

  beforeAll(async () => {
    database = await createTestDatabase();
    orders = new OrdersService({ db: database.db, reservationMinutes: 30 });
  });
  afterAll(async () => database?.close());

  it('credits the credits bought, once, however often fulfilment or its grants run', async () => {
    const player = await addPlayer(database.db, 'ledgered');
    const order = await paidOrder(orders, player, topUp(12));
    const first = await fulfilOrder(database.db, order.id);
    expect(first).toMatchObject({ outcome: 'fulfilled', grants: [{ object: 'land_credit', credits: 12 }] });
    expect(await fulfilOrder(database.db, order.id)).toEqual({ outcome: 'unchanged', status: 'fulfilled' });
    // The grants themselves, run again as a crashed-and-retried step would: the ledger's key on the line holds.
    const again = await database.db.transaction((tx) => grantOrder(tx, { id: order.id, code: order.code, userId: player }));
    expect(again).toEqual(first.outcome === 'fulfilled' ? first.grants : []);
    expect(await landCreditBalance(database.db, player)).toBe(12);
    expect(await ledgerRowsOf(database.db, order.id)).toEqual([{ amount: 12, reason: `top-up ${order.code}` }]);
  });

  it('a top-up is the only line of its order, and nothing of the shop is reserved for it', async () => {
    const player = await addPlayer(database.db, 'mixer');
    await expect(
      orders.openOrder(player, [...topUp(2), { object: 'spaceship', id: '1', total: 1 }], 'card'),
    ).rejects.toMatchObject({ status: 400, message: 'Land credit is bought on its own: a top-up is the only line of its order.' });
    const order = await orders.openOrder(player, topUp(3), 'card');
    const [held] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM stock_reservations WHERE order_id = ${order.id}`);
    expect(held!.n).toBe(0);
    // Cancelled unpaid, it gives nothing back and credits nothing.
    await orders.cancel(player, order.code);
    expect(await landCreditBalance(database.db, player)).toBe(0);
  });
});

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide this race.
describe('on PostgreSQL: two workers fulfilling one top-up at once', () => {
  let database: Database & { url?: string };
  let second: Database;
  let orders: OrdersService;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    second = await openDatabase({ url: database.url!, onConnectionError: () => {} });
    orders = new OrdersService({ db: database.db, reservationMinutes: 30 });
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it('credits once', async () => {
    for (let round = 0; round < 5; round++) {
      const player = await addPlayer(database.db, `racing${round}`);
      const order = await paidOrder(orders, player, topUp(5));
      const outcomes = await Promise.all([fulfilOrder(database.db, order.id), fulfilOrder(second.db, order.id), fulfilOrder(database.db, order.id)]);
      expect(outcomes.filter((o) => o.outcome === 'fulfilled')).toHaveLength(1);
      expect(await landCreditBalance(database.db, player)).toBe(5);
      expect(await ledgerRowsOf(database.db, order.id)).toHaveLength(1);
    }
  });
});
