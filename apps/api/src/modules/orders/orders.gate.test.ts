import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database, Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { addPlayer, addShopLine, outcomes, stockOf } from './orders.fixtures.ts';
import { OrdersService } from './orders.service.ts';

const USD = 1_000_000n;
const ship = (id: string, total = 1) => ({ id, total, object: 'spaceship' as const });

/** The database handle with a count of the transactions opened through it. */
function countingTransactions(db: Db): { db: Db; transactions: () => number } {
  let opened = 0;
  const counted = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'transaction') return Reflect.get(target, key, receiver) as unknown;
      return (...args: Parameters<Db['transaction']>) => {
        opened += 1;
        return target.transaction(...args);
      };
    },
  });
  return { db: counted, transactions: () => opened };
}

// The stock gate (stock-gate.ts, decision 0062): buyers of one shop row take turns in the process,
// and those behind a checkout that sold the row out are answered without a transaction.
describe('OrdersService: one checkout at a time per shop row', () => {
  let database: Database;
  let players: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    players = [];
    for (let i = 0; i < 20; i++) players.push(await addPlayer(database.db, `gate${i}`));
  });
  afterAll(async () => database?.close());

  it('20 buyers of the last copy: one order, 19 sold out, and only the winner opened a transaction', async () => {
    const { db, transactions } = countingTransactions(database.db);
    const orders = new OrdersService({ db, reservationMinutes: 30 });
    const drop = await addShopLine(database.db, { stock: 1, sellMicro: 900n * USD, name: 'Last Aurora' });
    const r = await outcomes(players.map((p) => orders.openOrder(p, [ship(drop.id)], 'card')));
    expect(r.unexpected).toEqual([]);
    expect(r.ok).toHaveLength(1);
    expect(r.conflicts.map((e) => (e as AppError).message)).toEqual(
      Array(19).fill('Last Aurora is sold out. Please remove it from your cart.'),
    );
    expect(transactions()).toBe(1);
    expect(await stockOf(database.db, drop.id)).toBe(0);
  });

  it('a buyer behind one who left a single copy is told how many are left', async () => {
    const { db, transactions } = countingTransactions(database.db);
    const orders = new OrdersService({ db, reservationMinutes: 30 });
    const line = await addShopLine(database.db, { stock: 3, sellMicro: 10n * USD, name: 'Kestrel' });
    const [first, second] = await Promise.allSettled([
      orders.openOrder(players[0]!, [ship(line.id, 2)], 'card'),
      orders.openOrder(players[1]!, [ship(line.id, 2)], 'card'),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second.status === 'rejected' && (second.reason as AppError).message).toBe(
      'Only 1 of Kestrel is left. Please lower the quantity in your cart.',
    );
    expect(transactions()).toBe(1);
  });

  it('copies that come back after a sell-out are sold to the next buyer', async () => {
    const orders = new OrdersService({ db: database.db, reservationMinutes: 30 });
    const line = await addShopLine(database.db, { stock: 1, sellMicro: 10n * USD, name: 'Comet' });
    const sold = await orders.openOrder(players[2]!, [ship(line.id)], 'card');
    await expect(orders.openOrder(players[3]!, [ship(line.id)], 'card')).rejects.toThrow('Comet is sold out');
    await orders.cancel(players[2]!, sold.code);
    expect((await orders.openOrder(players[4]!, [ship(line.id)], 'card')).status).toBe('pending');
    // and stock an operator adds in the database, outside this process
    await database.db.execute(sql`UPDATE shop_stock SET stock = stock + 1 WHERE id = ${Number(line.id)}`);
    expect((await orders.openOrder(players[5]!, [ship(line.id)], 'card')).status).toBe('pending');
  });

  it('a checkout refused for its own reason leaves the copy to the buyer behind it', async () => {
    const orders = new OrdersService({ db: database.db, reservationMinutes: 30, maxPendingOrders: 1 });
    const other = await addShopLine(database.db, { stock: 5, sellMicro: 10n * USD });
    await orders.openOrder(players[6]!, [ship(other.id)], 'card'); // players[6] is now at the cap
    const line = await addShopLine(database.db, { stock: 1, sellMicro: 10n * USD, name: 'Halo' });
    const [capped, next] = await Promise.allSettled([
      orders.openOrder(players[6]!, [ship(line.id)], 'card'),
      orders.openOrder(players[7]!, [ship(line.id)], 'card'),
    ]);
    expect(capped.status === 'rejected' && (capped.reason as AppError).code).toBe('TOO_MANY_UNPAID_ORDERS');
    expect(next.status).toBe('fulfilled');
    expect(await stockOf(database.db, line.id)).toBe(0);
  });
});
