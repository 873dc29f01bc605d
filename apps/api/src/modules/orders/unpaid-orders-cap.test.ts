import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { openDatabase, queryRows, type Database } from '../../db/client.ts';
import { writeSetting } from '../../db/settings.ts';
import { addPlayer, addShopLine, lapse, outcomes, stockOf } from './orders.fixtures.ts';
import { OrdersService } from './orders.service.ts';

const USD = 1_000_000n;
const ship = (id: string, total = 1) => ({ id, total, object: 'spaceship' as const });
const tooMany = (n: number) =>
  `You have ${n} unpaid orders. Pay for one or cancel it in My Orders before starting another checkout.`;

describe('a player has at most ORDER_MAX_PENDING unpaid orders', () => {
  let database: Database;
  let orders: OrdersService;
  beforeAll(async () => {
    database = await createTestDatabase();
    orders = new OrdersService({ db: database.db, reservationMinutes: 30, maxPendingOrders: 3 });
  });
  afterAll(async () => database?.close());

  it('refuses one more with a 409 that says what to do, takes no stock, and counts again once one is cancelled or lapsed', async () => {
    const line = await addShopLine(database.db, { stock: 20, sellMicro: 10n * USD });
    const [pilot, other] = [await addPlayer(database.db, 'capped'), await addPlayer(database.db, 'uncapped')];
    const opened = [];
    for (let i = 0; i < 3; i++) opened.push(await orders.openOrder(pilot, [ship(line.id, 2)], 'card'));
    expect(await stockOf(database.db, line.id)).toBe(14);

    const refused = await orders.openOrder(pilot, [ship(line.id, 2)], 'crypto').catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 409, code: 'TOO_MANY_UNPAID_ORDERS', message: tooMany(3) });
    expect(await stockOf(database.db, line.id)).toBe(14);

    // Another player is not held back by this one.
    await orders.openOrder(other, [ship(line.id)], 'card');

    await orders.cancel(pilot, opened[0]!.code);
    await orders.openOrder(pilot, [ship(line.id)], 'card');
    await expect(orders.openOrder(pilot, [ship(line.id)], 'card')).rejects.toMatchObject({ status: 409 });

    // Past its expiry an order holds nothing, even before the expiry job has run.
    await lapse(database.db, opened[1]!.id);
    await orders.openOrder(pilot, [ship(line.id)], 'widget');
  });
});

describe('the bound over HTTP', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { ORDER_MAX_PENDING: '1' } });
    await t.createUser({ username: 'oneorder', password: 'oneorder-password-1' });
    token = (await t.login('oneorder', 'oneorder-password-1')).access_token;
    await writeSetting(t.database.db, 'sale_program', 1);
  });
  afterAll(async () => t?.close());

  it('a second checkout answers 409 with the message, and the first order is untouched', async () => {
    const line = await addShopLine(t.database.db, { stock: 5, sellMicro: 40n * USD, name: 'Capped Skiff' });
    const checkout = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/shop_payment/wertio',
        payload: { ids: [{ id: line.id, total: 1, object: 'spaceship' }] },
        headers: bearer(token),
      });
    const first = await checkout();
    expect(first.statusCode).toBe(200);
    const second = await checkout();
    expect(second.statusCode).toBe(409);
    expect(body(second)).toMatchObject({ error: true, code: 'TOO_MANY_UNPAID_ORDERS', msg: tooMany(1) });
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders', headers: bearer(token) });
    expect(
      (body(mine).data as { orders: { code: string; status: string }[] }).orders.map((o) => [o.code, o.status]),
    ).toEqual([[first.json().tid, 'pending']]);
  });
});

// PGlite runs one transaction at a time; the race needs PostgreSQL (QUALITY.md).
describe('on PostgreSQL: one player checking out many times at once over two API copies', () => {
  let database: Database & { url?: string };
  let second: Database;
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    second = await openDatabase({ url: database.url!, onConnectionError: () => {} });
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it('ends with exactly the bound of unpaid orders, the rest refused, and no 5xx', async () => {
    const services = [database.db, second.db].map(
      (db) => new OrdersService({ db, reservationMinutes: 30, maxPendingOrders: 3 }),
    );
    const line = await addShopLine(database.db, { stock: 100, sellMicro: 10n * USD });
    const pilot = await addPlayer(database.db, 'stampede');
    const r = await outcomes(
      Array.from({ length: 16 }, (_, i) => services[i % 2]!.openOrder(pilot, [ship(line.id, 5)], 'card')),
    );
    expect(r.unexpected).toEqual([]);
    expect(r.ok).toHaveLength(3);
    expect(r.conflicts).toHaveLength(13);
    expect(await stockOf(database.db, line.id)).toBe(85);
  });

  it('does not wait on a transaction that adds a row referring to the player, as a fulfilment does (no deadlock)', async () => {
    const service = new OrdersService({ db: database.db, reservationMinutes: 30, maxPendingOrders: 3 });
    const line = await addShopLine(database.db, { stock: 10, sellMicro: 10n * USD });
    const pilot = await addPlayer(database.db, 'fulfilled');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const isInserted = new Promise<void>((resolve) => (inserted = resolve));
    // A row that refers to the player takes KEY SHARE on the player's row until it commits.
    const holder = second.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO credit_ledger (user_id, amount, reason) VALUES (${pilot}, 1, 'lock test')`);
      inserted();
      await held;
    });
    await isInserted;
    // Blocked is something PostgreSQL can say: a backend of this database waiting on a lock.
    let opened = false;
    const opening = service.openOrder(pilot, [ship(line.id)], 'card').then(() => (opened = true));
    const blockedOnLock = async () => {
      for (;;) {
        if (opened) return false;
        const waiting = await queryRows(
          second.db,
          sql`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (waiting.length > 0) return true;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const outcome = await Promise.race([opening.then(() => 'opened'), blockedOnLock().then((b) => (b ? 'waited for the other transaction' : 'opened'))]);
    release();
    await opening;
    await holder;
    expect(outcome).toBe('opened');
  });
});
