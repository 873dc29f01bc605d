import type { MarketplaceItem } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, getJson, type CatalogueTestApp } from '../../../test/catalogue-test-app.ts';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  addBlindBox,
  addListing,
  addPlayer,
  addShopLine,
  eventsOf,
  lapse,
  listedCount,
  listingState,
  setBoxTiers,
  stockOf,
  tiersOf,
} from './orders.fixtures.ts';
import { OrdersService } from './orders.service.ts';

const USD = 1_000_000n;
const listing = (id: string) => ({ id, total: 1, object: 'listing' as const });
const box = (code: string, total = 1) => ({ id: `blindbox-${code}`, total, object: 'blindbox' as const });
const ship = (id: string, total = 1) => ({ id, total, object: 'spaceship' as const });

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

type FindBody = { data: MarketplaceItem[]; total: number };

describe('orders hold marketplace listings and blind-box tiers (decision 0018)', () => {
  let t: CatalogueTestApp;
  let orders: OrdersService;
  let buyer: string;
  let seller: string;
  const db = () => t.database.db;
  const paid = (order: { id: number; total_micro: string }, eventId: string) =>
    orders.markPaid(order.id, {
      provider: 'sandbox',
      eventId,
      amountMicro: BigInt(order.total_micro),
      currency: 'USD',
    });
  const findIds = async () => {
    const res = await getJson<FindBody>(t.app, '/api/marketplace/find?limit=100');
    expect(res.status).toBe(200);
    return { ids: res.body.data.map((d) => d._id), total: res.body.total };
  };
  const sales = (listingId: string) =>
    queryRows<{ price_micro: string; buyer_id: string }>(
      db(),
      sql`SELECT price_micro::text AS price_micro, buyer_id::text AS buyer_id FROM marketplace_sales WHERE listing_id = ${Number(listingId)}`,
    );
  const boxReservation = (orderId: number) =>
    queryRows<{ box_code: string; quantity: number; released: boolean; consumed: boolean }>(
      db(),
      sql`SELECT box_code, quantity, released_at IS NOT NULL AS released, consumed_at IS NOT NULL AS consumed
          FROM blind_box_reservations WHERE order_id = ${orderId}`,
    );

  beforeAll(async () => {
    t = await createCatalogueTestApp({ seed: false });
    orders = new OrdersService({ db: t.database.db, reservationMinutes: 30 });
    buyer = await addPlayer(db(), 'listing-buyer');
    seller = await addPlayer(db(), 'listing-seller');
  });
  afterAll(async () => t?.close());

  describe('a marketplace listing', () => {
    it('is reserved by the order: off /api/marketplace/find, the counts drop, the line is the item at its sale price', async () => {
      const item = await addListing(db(), {
        sellMicro: 420n * USD,
        listMicro: 500n * USD,
        sellerId: seller,
        name: 'Ion Drifter',
      });
      const before = await findIds();
      expect(before.ids).toContain(item.id);
      const counted = await listedCount(db());

      const order = await orders.openOrder(buyer, [listing(item.id)], 'card');
      expect(order).toMatchObject({
        status: 'pending',
        total_micro: String(420n * USD),
        discount_micro: '0',
        discount_percent: 0,
        lines: [
          {
            object: 'listing',
            id: item.id,
            name: 'Ion Drifter',
            total: 1,
            sell_price: 420,
            sell_price_micro: String(420n * USD),
          },
        ],
      });
      expect(await listingState(db(), item.id)).toMatchObject({
        status: 'reserved',
        live: 1,
        released: 0,
        consumed: 0,
      });
      const after = await findIds();
      expect(after.ids).not.toContain(item.id);
      expect(after.total).toBe(before.total - 1);
      expect(await listedCount(db())).toBe(counted - 1);
      // The item page still answers, saying it is reserved.
      const page = await getJson<{ item: MarketplaceItem }>(t.app, `/api/marketplace/item/${item.id}`);
      expect([page.status, page.body.item.status]).toEqual([200, 'reserved']);
    });

    it('a second buyer gets 409 "This item is no longer for sale." and nothing is written', async () => {
      const item = await addListing(db(), { sellMicro: 30n * USD });
      await orders.openOrder(buyer, [listing(item.id)], 'card');
      const other = await addPlayer(db(), 'second-buyer');
      const ordersBefore = (await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM orders`))[0]!.n;
      const err = await rejection(orders.openOrder(other, [listing(item.id)], 'widget'));
      expect([err.status, err.code, err.message]).toEqual([409, 'CONFLICT', 'This item is no longer for sale.']);
      expect((await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM orders`))[0]!.n).toBe(
        ordersBefore,
      );
      expect(await listingState(db(), item.id)).toMatchObject({ status: 'reserved', live: 1 });
    });

    it('refuses the seller their own listing (403), an unknown id (404) and a listing with other lines (400)', async () => {
      const item = await addListing(db(), { sellMicro: 12n * USD, sellerId: seller });
      const own = await rejection(orders.openOrder(seller, [listing(item.id)], 'card'));
      expect([own.status, own.message]).toEqual([403, 'This is your own listing: you cannot buy it.']);
      for (const id of ['987654321', 'abc', '0']) {
        const missing = await rejection(orders.openOrder(buyer, [listing(id)], 'card'));
        expect([missing.status, missing.message]).toEqual([404, `There is no marketplace item with id ${id}.`]);
      }
      const cheap = await addShopLine(db(), { stock: 5, sellMicro: 10n * USD });
      const mixed = await rejection(orders.openOrder(buyer, [ship(cheap.id), listing(item.id)], 'card'));
      expect(mixed.status).toBe(400);
      expect(await stockOf(db(), cheap.id)).toBe(5);
      expect(await listingState(db(), item.id)).toMatchObject({ status: 'listed', live: 0 });
    });

    it('is named as players know it: the ship, the DNC pack', async () => {
      const pack = await addListing(db(), { sellMicro: 9n * USD, kind: 'dnc', name: 'DNC 500 Pack' });
      const order = await orders.openOrder(buyer, [listing(pack.id)], 'card');
      expect(order.lines[0]).toMatchObject({ object: 'listing', id: pack.id, name: 'DNC 500 Pack' });
    });

    it('goes back on the marketplace once when the order is cancelled, and a later expiry changes nothing', async () => {
      const item = await addListing(db(), { sellMicro: 75n * USD });
      const counted = await listedCount(db());
      const order = await orders.openOrder(buyer, [listing(item.id)], 'card');
      expect(await listedCount(db())).toBe(counted - 1);
      await orders.cancel(buyer, order.code);
      expect(await listingState(db(), item.id)).toMatchObject({ status: 'listed', live: 0, released: 1 });
      expect(await listedCount(db())).toBe(counted);
      expect((await findIds()).ids).toContain(item.id);
      await lapse(db(), order.id);
      expect(await orders.expire(order.id)).toBe('unchanged');
      expect(await orders.fail(order.id, 'late')).toBe(false);
      expect(await listedCount(db())).toBe(counted);
      expect((await eventsOf(db(), order.id)).filter((e) => e.kind === 'listing_released')).toHaveLength(1);
      // Listed again: someone else may buy it now.
      const next = await orders.openOrder(seller, [listing(item.id)], 'card');
      expect(next.lines[0]!.id).toBe(item.id);
    });

    it('an expired order puts it back too', async () => {
      const item = await addListing(db(), { sellMicro: 5n * USD });
      const order = await orders.openOrder(buyer, [listing(item.id)], 'crypto');
      await lapse(db(), order.id);
      expect(await orders.expire(order.id)).toBe('expired');
      expect(await listingState(db(), item.id)).toMatchObject({ status: 'listed', live: 0, released: 1 });
    });

    it('paid: the listing is sold with a marketplace_sales row at the price paid, to the buyer, once', async () => {
      const item = await addListing(db(), { sellMicro: 250n * USD, listMicro: 300n * USD, sellerId: seller });
      const counted = await listedCount(db());
      const order = await orders.openOrder(buyer, [listing(item.id)], 'card');
      // A seller's later price change would not change what this order charges.
      await db().execute(sql`UPDATE marketplace_listings SET sell_price_micro = 1 WHERE id = ${Number(item.id)}`);
      expect(await paid(order, 'evt_listing_1')).toBe('paid');
      expect(await paid(order, 'evt_listing_2')).toBe('already_paid');
      expect(await listingState(db(), item.id)).toMatchObject({
        status: 'sold',
        sold_at: expect.anything(),
        live: 0,
        consumed: 1,
      });
      expect(await sales(item.id)).toEqual([{ price_micro: String(250n * USD), buyer_id: buyer }]);
      await lapse(db(), order.id);
      expect(await orders.expire(order.id)).toBe('unchanged');
      expect(await listingState(db(), item.id)).toMatchObject({ status: 'sold' });
      expect(await listedCount(db())).toBe(counted - 1);
      const again = await rejection(orders.openOrder(seller, [listing(item.id)], 'card'));
      expect(again.status).toBe(409);
    });

    it('a listing no longer reserved at payment (an operator withdrew it): paid, no sale, flagged for review', async () => {
      const item = await addListing(db(), { sellMicro: 40n * USD });
      const order = await orders.openOrder(buyer, [listing(item.id)], 'card');
      await db().execute(sql`UPDATE marketplace_listings SET status = 'cancelled', ended_at = now() WHERE id = ${Number(item.id)}`);
      expect(await paid(order, 'evt_withdrawn')).toBe('paid');
      expect(await sales(item.id)).toEqual([]);
      const [row] = await queryRows<{ status: string; needs_review: boolean }>(
        db(),
        sql`SELECT status, needs_review FROM orders WHERE id = ${order.id}`,
      );
      expect(row).toEqual({ status: 'paid', needs_review: true });
      expect((await eventsOf(db(), order.id)).map((e) => e.kind)).toContain('listing_not_reserved');
    });
  });

  describe('a blind box', () => {
    it('takes q from each of its four tiers and records the boxes held', async () => {
      await addBlindBox(db(), { code: 'tiers-a', name: 'Tier Box A', tiers: [10, 10, 10, 3] });
      const order = await orders.openOrder(buyer, [box('tiers-a', 2)], 'card');
      expect(order.lines).toEqual([expect.objectContaining({ object: 'blindbox', id: 'blindbox-tiers-a', total: 2 })]);
      expect(await tiersOf(db(), 'tiers-a')).toEqual([8, 8, 8, 1]);
      expect(await boxReservation(order.id)).toEqual([
        { box_code: 'tiers-a', quantity: 2, released: false, consumed: false },
      ]);
    });

    it('409 naming the box when a tier is short (N = the smallest tier); nothing taken, the shop line rolled back', async () => {
      await addBlindBox(db(), { code: 'tiers-b', name: 'Tier Box B', tiers: [50, 40, 30, 2] });
      const a = await addShopLine(db(), { stock: 5, sellMicro: 10n * USD });
      const short = await rejection(orders.openOrder(buyer, [ship(a.id, 2), box('tiers-b', 3)], 'card'));
      expect([short.status, short.message]).toEqual([
        409,
        'Only 2 of Tier Box B are left. Please lower the quantity in your cart.',
      ]);
      expect(await tiersOf(db(), 'tiers-b')).toEqual([50, 40, 30, 2]);
      expect(await stockOf(db(), a.id)).toBe(5);

      await setBoxTiers(db(), 'tiers-b', [50, 40, 30, 0]);
      const out = await rejection(orders.openOrder(buyer, [box('tiers-b')], 'card'));
      expect(out.message).toBe('Tier Box B is sold out. Please remove it from your cart.');
      expect(await tiersOf(db(), 'tiers-b')).toEqual([50, 40, 30, 0]);
    });

    it('a box without tier rows (not seeded) is sold out', async () => {
      await addBlindBox(db(), { code: 'unseeded', name: 'Unseeded Box', tiers: null });
      const err = await rejection(orders.openOrder(buyer, [box('unseeded')], 'card'));
      expect([err.status, err.message]).toEqual([409, 'Unseeded Box is sold out. Please remove it from your cart.']);
    });

    it('release gives q back to all four tiers exactly once (fail, then cancel and expire find nothing)', async () => {
      await addBlindBox(db(), { code: 'tiers-c', name: 'Tier Box C', tiers: [9, 9, 9, 9] });
      const order = await orders.openOrder(buyer, [box('tiers-c', 4)], 'card');
      expect(await tiersOf(db(), 'tiers-c')).toEqual([5, 5, 5, 5]);
      expect(await orders.fail(order.id, 'the provider said no')).toBe(true);
      expect(await tiersOf(db(), 'tiers-c')).toEqual([9, 9, 9, 9]);
      expect(await orders.fail(order.id, 'again')).toBe(false);
      expect((await rejection(orders.cancel(buyer, order.code))).status).toBe(409);
      await lapse(db(), order.id);
      expect(await orders.expire(order.id)).toBe('unchanged');
      expect(await tiersOf(db(), 'tiers-c')).toEqual([9, 9, 9, 9]);
      expect(await boxReservation(order.id)).toEqual([
        { box_code: 'tiers-c', quantity: 4, released: true, consumed: false },
      ]);
    });

    it('paid: the reservation is consumed and the tiers stay held for the opening', async () => {
      await addBlindBox(db(), { code: 'tiers-d', name: 'Tier Box D', tiers: [6, 6, 6, 6] });
      const order = await orders.openOrder(buyer, [box('tiers-d', 2)], 'card');
      expect(await paid(order, 'evt_box')).toBe('paid');
      expect(await boxReservation(order.id)).toEqual([
        { box_code: 'tiers-d', quantity: 2, released: false, consumed: true },
      ]);
      await lapse(db(), order.id);
      expect(await orders.expire(order.id)).toBe('unchanged');
      expect(await tiersOf(db(), 'tiers-d')).toEqual([4, 4, 4, 4]);
    });

    it('stock_validate and getprice count boxes by their smallest tier', async () => {
      await addBlindBox(db(), { code: 'tiers-e', name: 'Tier Box E', tiers: [100, 100, 100, 3] });
      const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
      const ok = await post('/api/shop_payment/stock_validate', { ids: [box('tiers-e', 3)] });
      expect([ok.statusCode, ok.json().msg]).toEqual([200, 'Every item in your cart is in stock.']);
      const tooMany = await post('/api/shop_payment/stock_validate', { ids: [box('tiers-e', 4)] });
      expect([tooMany.statusCode, tooMany.json().msg]).toEqual([
        409,
        'Only 3 of Tier Box E are left. Please lower the quantity in your cart.',
      ]);
      const priced = await post('/api/getprice', { items: [box('tiers-e', 1)] });
      expect(priced.json().data.lines[0]).toMatchObject({ stock: 3, soldout: false });

      await setBoxTiers(db(), 'tiers-e', [100, 0, 100, 3]);
      const sold = await post('/api/shop_payment/stock_validate', { ids: [box('tiers-e', 1)] });
      expect([sold.statusCode, sold.json().msg]).toEqual([
        409,
        'Tier Box E is sold out. Please remove it from your cart.',
      ]);
      expect((await post('/api/getprice', { items: [box('tiers-e', 1)] })).json().data.lines[0]).toMatchObject({
        stock: 0,
        soldout: true,
      });
    });
  });
});
