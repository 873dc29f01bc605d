import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addListing } from '../../../test/catalogue-fixtures.ts';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import type { OrderLineRequest } from '@starport/schemas';
import type { Db } from '../../db/client.ts';
import { creditDnc, dncBalance, grantShips } from '../assets/index.ts';
import { OrdersService } from '../orders/index.ts';

const USD = 1_000_000n;

/** A copy of `shipId` for `userId`, as if bought before. */
async function ownShip(db: Db, userId: string, shipId: number): Promise<number> {
  const [copy] = await db.transaction((tx) => grantShips(tx, { userId, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 0 }] }));
  return copy!.id;
}

/** Opens an order as the payment calls do and pays it as a verified webhook would. */
async function paidOrder(orders: OrdersService, userId: string, lines: OrderLineRequest[]): Promise<void> {
  const order = await orders.openOrder(userId, lines, 'card');
  const outcome = await orders.markPaid(order.id, { provider: 'sandbox', eventId: `evt_${order.code}`, amountMicro: BigInt(order.total_micro) });
  if (outcome !== 'paid') throw new Error(`order ${order.code} was not paid: ${outcome}`);
}

describe('players selling to players: list, see, change, cancel, sell, get paid', () => {
  let t: TestApp;
  let orders: OrdersService;
  let pilot: { id: string; token: string };
  let captain: { id: string; token: string };
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const copyState = async (id: number) =>
    (await queryRows<{ state: string; live: boolean }>(t.database.db, sql`SELECT state, disposed_at IS NULL AS live FROM owned_ships WHERE id = ${id}`))[0];

  beforeAll(async () => {
    t = await createTestApp();
    orders = new OrdersService({ db: t.database.db, reservationMinutes: 30 });
    const sign = (name: string) => t.signUp(name);
    pilot = await sign('pilot');
    captain = await sign('captain');
    await t.database.db.transaction((tx) => creditDnc(tx, { userId: pilot.id, amount: 10_000, reason: 'test grant' }));
  });
  afterAll(async () => t?.close());

  /** A ship the pilot owns: a house listing's ship, granted as if bought before. */
  async function pilotShip(): Promise<{ copy: number; shipId: number }> {
    const house = await addListing(t.database.db, { sellMicro: 1n * USD });
    const copy = await ownShip(t.database.db, pilot.id, house.shipId!);
    return { copy, shipId: house.shipId! };
  }

  it('lists an owned ship: the copy is locked, My Assets and my listings show it, the marketplace sells it', async () => {
    const { copy } = await pilotShip();
    const res = await call('POST', '/api/marketplace/listing', pilot.token, { item: String(copy), price: '120.50' });
    expect(res.statusCode).toBe(200);
    const listing = (body(res) as unknown as { listing: { _id: string } }).listing;
    expect(body(res)).toMatchObject({
      error: false,
      msg: 'Your ship is listed for sale.',
      listing: { kind: 'ship', status: 'listed', price_micro: '120500000', fee_micro: '6025000', net_micro: '114475000', asset_id: String(copy), expires_at: null },
    });
    expect(await copyState(copy)).toEqual({ state: 'listed', live: true });

    const assets = body(await call('GET', '/api/my/assets?kind=ship&limit=100', pilot.token)) as unknown as { data: { _id: string; state: string; listing: unknown }[] };
    expect(assets.data.find((a) => a._id === String(copy))).toMatchObject({ state: 'listed', listing: { _id: listing._id, status: 'listed', price_micro: '120500000' } });
    const mine = body(await call('GET', '/api/my/listings', pilot.token)) as unknown as { data: { _id: string }[] };
    expect(mine.data.map((l) => l._id)).toContain(listing._id);
    const item = body(await t.app.inject({ method: 'GET', url: `/api/marketplace/item/${listing._id}` })) as unknown as { item: { sell_price_micro: string; status: string } };
    expect(item.item).toMatchObject({ sell_price_micro: '120500000', status: 'listed' });

    // Listed once: the same copy again is a 409, and nothing else changes.
    const again = await call('POST', '/api/marketplace/listing', pilot.token, { item: String(copy), price: 99 });
    expect(again.statusCode).toBe(409);
    expect(body(again).msg).toBe('This ship is already listed for sale.');
  });

  it('refuses another player’s ship (404) and the seller’s own listing to themselves (403)', async () => {
    const { copy } = await pilotShip();
    const theirs = await call('POST', '/api/marketplace/listing', captain.token, { item: String(copy), price: 10 });
    expect(theirs.statusCode).toBe(404);
    expect(await copyState(copy)).toEqual({ state: 'available', live: true });
    const listed = body(await call('POST', '/api/marketplace/listing', pilot.token, { item: String(copy), price: 10 })) as unknown as { listing: { _id: string } };
    await expect(orders.openOrder(pilot.id, [{ id: listed.listing._id, total: 1, object: 'listing' }], 'card')).rejects.toMatchObject({ status: 403 });
    const cancelByOther = await call('POST', `/api/marketplace/listing/${listed.listing._id}/cancel`, captain.token);
    const repriceByOther = await call('PATCH', `/api/marketplace/listing/${listed.listing._id}`, captain.token, { price: 1 });
    expect([cancelByOther.statusCode, repriceByOther.statusCode]).toEqual([404, 404]);
    expect(await copyState(copy)).toEqual({ state: 'listed', live: true });
  });

  it('a sale gives the buyer exactly the listed copy, pays the seller once (price − 5 %), and tells the seller', async () => {
    const { copy, shipId } = await pilotShip();
    const other = await ownShip(t.database.db, pilot.id, shipId); // an older-or-newer copy of the same design stays
    const listed = body(await call('POST', '/api/marketplace/listing', pilot.token, { item: String(copy), price: 200 })) as unknown as { listing: { _id: string } };
    const before = body(await call('GET', '/api/my/proceeds', pilot.token)) as unknown as { proceeds_micro: string; total: number };

    await paidOrder(orders, captain.id, [{ id: listed.listing._id, total: 1, object: 'listing', priceMicro: '200000000' }]);
    await t.drainJobs();

    expect(await copyState(copy)).toEqual({ state: 'listed', live: false });
    expect(await copyState(other)).toEqual({ state: 'available', live: true });
    const bought = body(await call('GET', '/api/my/assets?kind=ship', captain.token)) as unknown as { data: { item: { _id: string }; price_micro: string }[] };
    expect(bought.data[0]).toMatchObject({ item: { _id: `ship-${shipId}` }, price_micro: '200000000' });
    const after = body(await call('GET', '/api/my/proceeds', pilot.token)) as unknown as { proceeds_micro: string; total: number; data: unknown[] };
    expect(BigInt(after.proceeds_micro) - BigInt(before.proceeds_micro)).toBe(190_000_000n);
    expect(after.total).toBe(before.total + 1);
    expect(after.data[0]).toMatchObject({ listing_id: listed.listing._id, price_micro: '200000000', fee_micro: '10000000', net_micro: '190000000' });
    const sold = body(await call('GET', '/api/my/listings?status=sold', pilot.token)) as unknown as { data: { _id: string }[] };
    expect(sold.data.map((l) => l._id)).toContain(listed.listing._id);
    const mail = await t.lastMail('pilot@example.com');
    expect(mail?.subject).toMatch(/^You sold /);
    expect(mail?.text).toContain('$190.00 was added to your proceeds');
  });

  it('DNC for sale leaves the balance into escrow, comes back on cancel, and goes to the buyer on a sale', async () => {
    const start = await dncBalance(t.database.db, pilot.id);
    const tooMuch = await call('POST', '/api/marketplace/listing_dnc', pilot.token, { dnc: start + 1, price: 5 });
    expect(tooMuch.statusCode).toBe(400);
    expect(body(tooMuch).msg).toBe(`Please enter total DNC to sell less than ${start}`);

    const first = body(await call('POST', '/api/marketplace/listing_dnc', pilot.token, { dnc: 1_000, price: 12 })) as unknown as { listing: { _id: string; dnc_amount: number } };
    expect(first.listing.dnc_amount).toBe(1_000);
    expect(body(await call('GET', '/api/marketplace/dnc/listing', pilot.token))).toMatchObject({ amount: start - 1_000, listed: 1_000 });
    const lots = body(await call('GET', '/api/my/listings?kind=dnc', pilot.token)) as unknown as { data: { kind: string }[] };
    expect(lots.data.length).toBeGreaterThan(0);
    expect(lots.data.every((l) => l.kind === 'dnc')).toBe(true);
    const cancelled = await call('POST', `/api/marketplace/listing/${first.listing._id}/cancel`, pilot.token);
    expect(body(cancelled)).toMatchObject({ msg: 'Your listing is cancelled.', listing: { status: 'cancelled' } });
    expect(await dncBalance(t.database.db, pilot.id)).toBe(start);
    expect((await call('POST', `/api/marketplace/listing/${first.listing._id}/cancel`, pilot.token)).statusCode).toBe(409);
    expect(await dncBalance(t.database.db, pilot.id)).toBe(start);

    const lot = body(await call('POST', '/api/marketplace/listing_dnc', pilot.token, { dnc: 2_500, price: 20 })) as unknown as { listing: { _id: string } };
    await paidOrder(orders, captain.id, [{ id: lot.listing._id, total: 1, object: 'listing' }]);
    await t.drainJobs();
    expect(await dncBalance(t.database.db, captain.id)).toBe(2_500);
    expect(await dncBalance(t.database.db, pilot.id)).toBe(start - 2_500);
  });

  it('a new price shows on the marketplace; a buyer who saw the old one gets a 409 naming the new price', async () => {
    const { copy } = await pilotShip();
    const listed = body(await call('POST', '/api/marketplace/listing', pilot.token, { item: String(copy), price: 50 })) as unknown as { listing: { _id: string } };
    const changed = await call('PATCH', `/api/marketplace/listing/${listed.listing._id}`, pilot.token, { price: '75.5' });
    expect(body(changed)).toMatchObject({ listing: { price_micro: '75500000' } });
    await expect(
      orders.openOrder(captain.id, [{ id: listed.listing._id, total: 1, object: 'listing', priceMicro: '50000000' }], 'card'),
    ).rejects.toMatchObject({ status: 409, message: 'The seller changed the price of this item to $75.500. Check the new price and buy again.' });
    const held = await orders.openOrder(captain.id, [{ id: listed.listing._id, total: 1, object: 'listing', priceMicro: '75500000' }], 'card');
    expect(held.total_micro).toBe('75500000');
    // Held by a checkout: the price and the listing stay as they are.
    const late = await call('PATCH', `/api/marketplace/listing/${listed.listing._id}`, pilot.token, { price: 1 });
    expect(late.statusCode).toBe(409);
    expect((await call('POST', `/api/marketplace/listing/${listed.listing._id}/cancel`, pilot.token)).statusCode).toBe(409);
    const reserved = body(await call('GET', '/api/my/listings', pilot.token)) as unknown as { data: { _id: string; status: string; reserved_until: string | null }[] };
    expect(reserved.data.find((l) => l._id === listed.listing._id)).toMatchObject({ status: 'reserved', reserved_until: expect.any(String) });
  });

  it('an expired listing is not for sale and gives the item back once its expiry runs', async () => {
    const { copy } = await pilotShip();
    const listed = body(await call('POST', '/api/marketplace/listing', pilot.token, { item: String(copy), price: 30, expires_in_days: 1 })) as unknown as {
      listing: { _id: string; expires_at: string };
    };
    expect(listed.listing.expires_at).toEqual(expect.any(String));
    await t.database.db.execute(sql`UPDATE marketplace_listings SET expires_at = now() - interval '1 second' WHERE id = ${Number(listed.listing._id)}`);
    await expect(orders.openOrder(captain.id, [{ id: listed.listing._id, total: 1, object: 'listing' }], 'card')).rejects.toMatchObject({ status: 409 });
    await t.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE dedupe_key = ${`listing-expiry:${listed.listing._id}`}`);
    await t.drainJobs();
    expect(await copyState(copy)).toEqual({ state: 'available', live: true });
    const ended = body(await call('GET', '/api/my/listings?status=ended', pilot.token)) as unknown as { data: { _id: string; status: string }[] };
    expect(ended.data.find((l) => l._id === listed.listing._id)?.status).toBe('expired');
  });

  it('My Assets filters by element, rarity and the price paid, and pages', async () => {
    const all = body(await call('GET', '/api/my/assets?limit=100', captain.token)) as unknown as { total: number; data: { price_micro: string | null }[] };
    expect(all.total).toBe(all.data.length);
    const cheap = body(await call('GET', '/api/my/assets?price_to=100', captain.token)) as unknown as { data: { price_micro: string }[] };
    expect(cheap.data.every((a) => BigInt(a.price_micro) <= 100n * USD)).toBe(true);
    const paged = body(await call('GET', '/api/my/assets?limit=1&page=2', captain.token)) as unknown as { data: unknown[]; page: number; limit: number; total: number };
    expect(paged).toMatchObject({ page: 2, limit: 1, total: all.total });
    const rare = body(await call('GET', '/api/my/assets?rarity=legendary', captain.token)) as unknown as { data: unknown[] };
    expect(rare.data).toEqual([]);
    const bad = await call('GET', '/api/my/assets?element=dragon', captain.token);
    expect(bad.statusCode).toBe(400);
    expect(body(bad).msg).toMatch(/Unknown element/);
    expect((await t.app.inject({ method: 'GET', url: '/api/my/assets' })).statusCode).toBe(401);
  });
});
