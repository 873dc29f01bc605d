// Over 300 lines: the order state machine's every move, which share one catalogue and one player set-up.
import { CartLineSchema } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../../test/test-database.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { priceCart, writeDiscountTiers } from '../cart/index.ts';
import { addBlindBox, addPlayer, addShopLine, eventsOf, lapse, stockOf } from './orders.fixtures.ts';
import { ORDER_EXPIRE_JOB, OrdersService } from './orders.service.ts';

const USD = 1_000_000n;
const ship = (id: string, total = 1) => ({ id, total, object: 'spaceship' as const });

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('OrdersService: opening, expiring, cancelling and paying orders', () => {
  let database: Database;
  let orders: OrdersService;
  let player: string;
  const count = async (table: string) =>
    (await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n;

  beforeAll(async () => {
    database = await createTestDatabase();
    orders = new OrdersService({ db: database.db, reservationMinutes: 30 });
    player = await addPlayer(database.db, 'buyer');
    await addBlindBox(database.db);
  });
  afterAll(async () => database?.close());

  it('charges priceCart of the reserved lines, from our prices, whatever the browser sends', async () => {
    const a = await addShopLine(database.db, { stock: 10, sellMicro: 120n * USD, listMicro: 200n * USD });
    const b = await addShopLine(database.db, { stock: 10, sellMicro: 33_330_000n });
    // The payment calls parse their bodies with CartLineSchema: any price in a line is dropped.
    const lines = z.array(CartLineSchema).parse([
      { id: a.id, total: 2, object: 'spaceship', sell_price: 0.01, price: 0.01, priceTotal: 0.01 },
      { _id: b.id, total: 1, object: 'spaceship' },
      { id: 'blindbox-frontier', total: 1, object: 'blindbox' },
    ]);
    const order = await orders.openOrder(player, lines, 'card');

    const expected = priceCart(
      [
        { total: 2, sellPriceMicro: 120n * USD, listPriceMicro: 200n * USD },
        { total: 1, sellPriceMicro: 33_330_000n, listPriceMicro: 33_330_000n },
        { total: 1, sellPriceMicro: 250n * USD, listPriceMicro: 1000n * USD },
      ],
      [
        { min_items: 3, percent: 5 },
        { min_items: 5, percent: 10 },
        { min_items: 10, percent: 15 },
      ],
    );
    expect(order).toMatchObject({
      status: 'pending',
      method: 'card',
      currency: 'USD',
      totalsub_micro: expected.totalsubMicro.toString(),
      discount_micro: expected.discountMicro.toString(),
      total_micro: expected.priceTotalMicro.toString(),
      discount_percent: 5,
    });
    // 240 + 33.33 + 250 = 523.33; 5 % = 26.1665 → 26.17 (half up to the cent); 497.16 charged.
    expect(order.total).toBe(497.16);
    expect(order.lines.map((l) => [l.id, l.total, l.sell_price_micro])).toEqual([
      [a.id, 2, String(120n * USD)],
      [b.id, 1, '33330000'],
      ['blindbox-frontier', 1, String(250n * USD)],
    ]);
    // The stored lines price to the stored total again.
    const stored = await queryRows<{ quantity: number; unit_sell_price_micro: string; unit_list_price_micro: string }>(
      database.db,
      sql`SELECT quantity, unit_sell_price_micro::text, unit_list_price_micro::text FROM order_lines WHERE order_id = ${order.id}`,
    );
    const again = priceCart(
      stored.map((l) => ({
        total: l.quantity,
        sellPriceMicro: BigInt(l.unit_sell_price_micro),
        listPriceMicro: BigInt(l.unit_list_price_micro),
      })),
      [{ min_items: 3, percent: 5 }],
    );
    expect(again.priceTotalMicro.toString()).toBe(order.total_micro);
    expect([await stockOf(database.db, a.id), await stockOf(database.db, b.id)]).toEqual([8, 9]);
  });

  it('uses the operator tiers in force when the order opens', async () => {
    await writeDiscountTiers(database.db, [{ min_items: 2, percent: 12.5 }]);
    try {
      const a = await addShopLine(database.db, { stock: 5, sellMicro: 100n * USD });
      const order = await orders.openOrder(player, [ship(a.id, 2)], 'widget');
      expect([order.discount_percent, order.total_micro]).toEqual([12.5, String(175n * USD)]);
    } finally {
      await writeDiscountTiers(database.db, [
        { min_items: 3, percent: 5 },
        { min_items: 5, percent: 10 },
        { min_items: 10, percent: 15 },
      ]);
    }
  });

  it('reserves stock, logs the opening and queues its expiry for when the reservation lapses, in one go', async () => {
    const a = await addShopLine(database.db, { stock: 3, sellMicro: 10n * USD });
    const order = await orders.openOrder(player, [ship(a.id, 2)], 'crypto');
    const [reservation] = await queryRows<{ shop_stock_id: number; quantity: number; released_at: unknown }>(
      database.db,
      sql`SELECT shop_stock_id, quantity, released_at FROM stock_reservations WHERE order_id = ${order.id}`,
    );
    expect(reservation).toMatchObject({ shop_stock_id: Number(a.id), quantity: 2, released_at: null });
    const [job] = await queryRows<{ kind: string; payload: unknown; run_at: Date; dedupe_key: string }>(
      database.db,
      sql`SELECT kind, payload, run_at, dedupe_key FROM jobs WHERE dedupe_key = ${`${ORDER_EXPIRE_JOB}:${order.id}`}`,
    );
    expect(job).toMatchObject({ kind: ORDER_EXPIRE_JOB, payload: { orderId: order.id } });
    expect(new Date(job!.run_at).toISOString()).toBe(order.expires_at);
    const minutes = (Date.parse(order.expires_at) - Date.parse(order.created_at)) / 60_000;
    expect(minutes).toBe(30);
    expect(await eventsOf(database.db, order.id)).toEqual([
      { kind: 'opened', from_status: null, to_status: 'pending' },
    ]);
  });

  it('refuses a line without enough copies with a 409 naming it, and keeps every other line’s stock', async () => {
    const plenty = await addShopLine(database.db, { stock: 5, sellMicro: 10n * USD });
    const scarce = await addShopLine(database.db, { stock: 1, sellMicro: 10n * USD, name: 'Scarce Falcon' });
    const before = await count('orders');
    // The plentiful line is taken first (lower id), then the scarce one fails: all rolled back.
    const err = await rejection(orders.openOrder(player, [ship(scarce.id, 2), ship(plenty.id, 3)], 'card'));
    expect([err.status, err.code, err.message]).toEqual([
      409,
      'CONFLICT',
      'Only 1 of Scarce Falcon is left. Please lower the quantity in your cart.',
    ]);
    expect(await stockOf(database.db, plenty.id)).toBe(5);
    expect(await count('orders')).toBe(before);

    await orders.openOrder(player, [ship(scarce.id)], 'card');
    const soldOut = await rejection(orders.openOrder(player, [ship(scarce.id)], 'card'));
    expect(soldOut.message).toBe('Scarce Falcon is sold out. Please remove it from your cart.');
    expect(await stockOf(database.db, scarce.id)).toBe(0);
  });

  it('a failure after the stock was taken (here: queuing the expiry job) leaves stock, orders and reservations untouched', async () => {
    const a = await addShopLine(database.db, { stock: 4, sellMicro: 10n * USD });
    const before = {
      orders: await count('orders'),
      reservations: await count('stock_reservations'),
      lines: await count('order_lines'),
    };
    await database.db.execute(
      sql`CREATE FUNCTION refuse_jobs() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'simulated crash'; END $$`,
    );
    await database.db.execute(
      sql`CREATE TRIGGER refuse_jobs BEFORE INSERT ON jobs FOR EACH ROW EXECUTE FUNCTION refuse_jobs()`,
    );
    try {
      await expect(orders.openOrder(player, [ship(a.id, 2)], 'card')).rejects.toThrow();
    } finally {
      await database.db.execute(sql`DROP TRIGGER refuse_jobs ON jobs`);
      await database.db.execute(sql`DROP FUNCTION refuse_jobs()`);
    }
    expect(await stockOf(database.db, a.id)).toBe(4);
    expect({
      orders: await count('orders'),
      reservations: await count('stock_reservations'),
      lines: await count('order_lines'),
    }).toEqual(before);
  });

  it('answers an unknown, withdrawn or empty cart with a clear 4xx', async () => {
    expect((await rejection(orders.openOrder(player, [ship('999999')], 'card'))).status).toBe(404);
    expect(
      (await rejection(orders.openOrder(player, [{ id: 'blindbox-nope', total: 1, object: 'blindbox' }], 'card')))
        .status,
    ).toBe(404);
    expect((await rejection(orders.openOrder(player, [], 'card'))).message).toBe('The cart is empty.');
    const withdrawn = await addShopLine(database.db, { stock: 5, sellMicro: 10n * USD, name: 'Withdrawn Wasp' });
    await database.db.execute(sql`UPDATE shop_stock SET active = false WHERE id = ${Number(withdrawn.id)}`);
    expect((await rejection(orders.openOrder(player, [ship(withdrawn.id)], 'card'))).message).toBe(
      'Withdrawn Wasp is sold out. Please remove it from your cart.',
    );
    expect(await stockOf(database.db, withdrawn.id)).toBe(5);
  });

  it('a blind-box line holds boxes of its own, not shop copies (the tiers: reservations.test.ts)', async () => {
    const order = await orders.openOrder(player, [{ id: 'blindbox-frontier', total: 7, object: 'blindbox' }], 'card');
    expect(order.lines).toEqual([
      expect.objectContaining({ id: 'blindbox-frontier', total: 7, name: 'Frontier Blind Box' }),
    ]);
    expect(await queryRows(database.db, sql`SELECT 1 FROM stock_reservations WHERE order_id = ${order.id}`)).toEqual(
      [],
    );
    expect(
      await queryRows(
        database.db,
        sql`SELECT box_code, quantity FROM blind_box_reservations WHERE order_id = ${order.id}`,
      ),
    ).toEqual([{ box_code: 'frontier', quantity: 7 }]);
  });

  it('expires only once the reservation lapsed, gives the stock back once, and never again', async () => {
    const a = await addShopLine(database.db, { stock: 5, sellMicro: 10n * USD });
    const order = await orders.openOrder(player, [ship(a.id, 3)], 'card');
    expect(await orders.expire(order.id)).toBe('not_due');
    expect(await stockOf(database.db, a.id)).toBe(2);
    await lapse(database.db, order.id);
    expect(await orders.expire(order.id)).toBe('expired');
    expect(await stockOf(database.db, a.id)).toBe(5);
    expect(await orders.expire(order.id)).toBe('unchanged');
    expect(await orders.fail(order.id, 'late')).toBe(false);
    expect(await stockOf(database.db, a.id)).toBe(5);
    expect(await eventsOf(database.db, order.id)).toEqual([
      { kind: 'opened', from_status: null, to_status: 'pending' },
      { kind: 'expired', from_status: 'pending', to_status: 'expired' },
      { kind: 'stock_released', from_status: null, to_status: null },
    ]);
  });

  it('cancel then expire: the stock comes back once; a stranger cannot cancel', async () => {
    const a = await addShopLine(database.db, { stock: 5, sellMicro: 10n * USD });
    const order = await orders.openOrder(player, [ship(a.id, 2)], 'card');
    const stranger = await addPlayer(database.db, 'stranger');
    expect((await rejection(orders.cancel(stranger, order.code))).status).toBe(404);
    expect(await stockOf(database.db, a.id)).toBe(3);
    expect((await orders.cancel(player, order.code)).status).toBe('cancelled');
    expect(await stockOf(database.db, a.id)).toBe(5);
    await lapse(database.db, order.id);
    expect(await orders.expire(order.id)).toBe('unchanged');
    expect(await stockOf(database.db, a.id)).toBe(5);
    const again = await rejection(orders.cancel(player, order.code));
    expect([again.status, again.message]).toEqual([409, 'This order is cancelled and can no longer be cancelled.']);
  });

  it('markPaid twice: one transition, one event; the copies stay sold and expiry leaves a paid order alone', async () => {
    const a = await addShopLine(database.db, { stock: 5, sellMicro: 10n * USD });
    const order = await orders.openOrder(player, [ship(a.id, 2)], 'card');
    const payment = { provider: 'sandbox', eventId: 'evt_1', amountMicro: BigInt(order.total_micro), currency: 'usd' };
    expect(await orders.markPaid(order.id, payment)).toBe('paid');
    expect(await orders.markPaid(order.id, { ...payment, eventId: 'evt_2' })).toBe('already_paid');
    expect(await orders.markPaid(order.id, payment)).toBe('already_paid');
    const events = await eventsOf(database.db, order.id);
    expect(events.filter((e) => e.to_status === 'paid')).toEqual([
      { kind: 'paid', from_status: 'pending', to_status: 'paid' },
    ]);
    expect(events).toHaveLength(2);

    await lapse(database.db, order.id);
    expect(await orders.expire(order.id)).toBe('unchanged');
    expect((await orders.getOwned(player, order.code)).status).toBe('paid');
    expect(await stockOf(database.db, a.id)).toBe(3);
    const [r] = await queryRows<{ consumed: boolean; released: boolean }>(
      database.db,
      sql`SELECT consumed_at IS NOT NULL AS consumed, released_at IS NOT NULL AS released FROM stock_reservations WHERE order_id = ${order.id}`,
    );
    expect(r).toEqual({ consumed: true, released: false });
  });

  it('a payment after the order expired is refused and recorded once for review', async () => {
    const a = await addShopLine(database.db, { stock: 5, sellMicro: 10n * USD });
    const order = await orders.openOrder(player, [ship(a.id)], 'widget');
    await lapse(database.db, order.id);
    await orders.expire(order.id);
    const late = { provider: 'sandbox', eventId: 'evt_late', amountMicro: BigInt(order.total_micro) };
    expect(await orders.markPaid(order.id, late)).toBe('review');
    expect(await orders.markPaid(order.id, late)).toBe('review');
    const [row] = await queryRows<{ status: string; needs_review: boolean }>(
      database.db,
      sql`SELECT status, needs_review FROM orders WHERE id = ${order.id}`,
    );
    expect(row).toEqual({ status: 'expired', needs_review: true });
    expect((await eventsOf(database.db, order.id)).filter((e) => e.kind === 'payment_after_close')).toHaveLength(1);
    expect(await stockOf(database.db, a.id)).toBe(5);
  });

  it('a payment of another amount than our total is not accepted', async () => {
    const a = await addShopLine(database.db, { stock: 5, sellMicro: 10n * USD });
    const order = await orders.openOrder(player, [ship(a.id)], 'card');
    expect(await orders.markPaid(order.id, { provider: 'sandbox', eventId: 'evt_cheap', amountMicro: 1n })).toBe(
      'review',
    );
    expect(
      await orders.markPaid(order.id, {
        provider: 'sandbox',
        eventId: 'evt_eur',
        amountMicro: BigInt(order.total_micro),
        currency: 'EUR',
      }),
    ).toBe('review');
    expect((await orders.getOwned(player, order.code)).status).toBe('pending');
    expect(
      await orders.markPaid(order.id, {
        provider: 'sandbox',
        eventId: 'evt_ok',
        amountMicro: BigInt(order.total_micro),
        currency: 'USD',
      }),
    ).toBe('paid');
  });

  it('records a provider session once and finds the order by it', async () => {
    const a = await addShopLine(database.db, { stock: 5, sellMicro: 10n * USD });
    const order = await orders.openOrder(player, [ship(a.id)], 'card');
    expect(await orders.attachSession(order.id, 'sandbox', 'cs_123')).toBe(true);
    expect(await orders.attachSession(order.id, 'sandbox', 'cs_456')).toBe(false);
    expect((await orders.findByProviderSession('sandbox', 'cs_123'))?.id).toBe(order.id);
    expect(await orders.findByProviderSession('sandbox', 'cs_456')).toBeUndefined();
  });
});
