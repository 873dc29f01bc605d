import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { marketplaceListings, users } from '../../db/schema/index.ts';
import { openSale, orderByCode, shopLine, stockOf, USD } from './payments.fixtures.ts';
import { decodePayOrder } from './wert-calldata.ts';
import { addListing } from '../../../test/catalogue-fixtures.ts';
import { addTestBlindBox, postWebhook, wertEvent } from './widget-fixtures.ts';
import type { WidgetSession } from '@starport/schemas';

/** POST /api/payment/wertio { id, object: 'listing' }: a marketplace listing bought through the widget. */
describe('buying a marketplace listing through the widget (sandbox provider)', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let sellerToken: string;
  let sellerId: string;
  let buyerId: string;

  const wertio = (payload: object, auth = token) =>
    t.app.inject({ method: 'POST', url: '/api/payment/wertio', payload, headers: auth ? bearer(auth) : {} });
  const listingStatus = async (id: string) =>
    (
      await t.database.db
        .select({ status: marketplaceListings.status })
        .from(marketplaceListings)
        .where(eq(marketplaceListings.id, Number(id)))
    )[0]!.status;
  /** The _ids GET /api/marketplace/find shows of the Common Human ships. */
  const onMarketplace = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/marketplace/find?element=human&limit=100' });
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: { _id: string }[] }).data.map((d) => d._id);
  };
  const linesOf = (code: string) =>
    queryRows<{ object: string; name: string; quantity: number; listing_id: number | null }>(
      t.database.db,
      sql`SELECT l.object, l.name, l.quantity, l.listing_id::int AS listing_id
          FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.code = ${code}`,
    );
  const userIdOf = async (username: string) =>
    (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;

  beforeAll(async () => {
    t = await createTestApp();
    if (t.config.widget.provider !== 'sandbox') throw new Error('expected the sandbox provider');
    for (const name of ['wertbuyer', 'wertlate', 'wertseller'])
      await t.createUser({ username: name, password: `${name}-password-1` });
    token = (await t.login('wertbuyer', 'wertbuyer-password-1')).access_token;
    otherToken = (await t.login('wertlate', 'wertlate-password-1')).access_token;
    sellerToken = (await t.login('wertseller', 'wertseller-password-1')).access_token;
    buyerId = await userIdOf('wertbuyer');
    sellerId = await userIdOf('wertseller');
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  it('opens a widget order holding the listing at its sale price; it leaves the marketplace', async () => {
    const item = await addListing(t.database.db, { sellMicro: 321_450_000n, name: 'Widget Vega Corsair' });
    expect(await onMarketplace()).toContain(item.id);

    const res = await wertio({ id: item.id, object: 'listing' });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as WidgetSession & { error: boolean };
    expect(s).toMatchObject({ error: false, click_id: s.tid, totalUSD: 321.45, item_name: 'Spaceship' });
    expect(s.signedData.commodity_amount).toBe(321.45);
    expect(decodePayOrder(s.signedData.sc_input_data)).toEqual({ code: s.tid, amountMicro: 321_450_000n });

    const [order] = await queryRows<{ method: string; provider: string; status: string }>(
      t.database.db,
      sql`SELECT method, provider, status FROM orders WHERE code = ${s.tid}`,
    );
    expect(order).toEqual({ method: 'widget', provider: 'wert-sandbox', status: 'pending' });
    expect(await linesOf(s.tid)).toEqual([
      { object: 'listing', name: 'Widget Vega Corsair', quantity: 1, listing_id: Number(item.id) },
    ]);
    expect(await listingStatus(item.id)).toBe('reserved');
    expect(await onMarketplace()).not.toContain(item.id);

    // Held for this order: anyone else hears it is gone, by widget or by card.
    const late = await wertio({ id: item.id, object: 'listing' }, otherToken);
    expect([late.statusCode, body(late).msg]).toEqual([409, 'This item is no longer for sale.']);
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/buy',
      payload: { type: 2, items: [{ id: item.id, object: 'listing', total: 1 }] },
      headers: bearer(otherToken),
    });
    expect(card.statusCode).toBe(409);
  });

  it('the seller cannot buy their own listing (403), and it stays listed', async () => {
    const item = await addListing(t.database.db, { sellMicro: 10n * USD, name: 'Own Widget Ship', sellerId });
    const res = await wertio({ id: item.id, object: 'listing' }, sellerToken);
    expect([res.statusCode, body(res).msg]).toEqual([403, 'This is your own listing: you cannot buy it.']);
    expect(await listingStatus(item.id)).toBe('listed');
    expect(await onMarketplace()).toContain(item.id);
  });

  it('the verified webhook pays it: listing sold to the buyer, then fulfilment gives them the ship; sold, it is a 409', async () => {
    const item = await addListing(t.database.db, { sellMicro: 64n * USD, name: 'Widget Paid Pioneer' });
    const res = await wertio({ id: item.id, object: 'listing' });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json() as WidgetSession;
    if (t.config.widget.provider !== 'sandbox') throw new Error('expected the sandbox provider');

    const hook = await postWebhook(t, t.config.widget.webhookSecret, wertEvent('order_complete', s));
    expect(hook.json()).toEqual({ received: true, handled: true });
    expect(await orderByCode(t.database.db, s.tid)).toMatchObject({ status: 'paid', needs_review: false });
    expect(await listingStatus(item.id)).toBe('sold');
    const sales = await queryRows<{ price_micro: string; buyer_id: string }>(
      t.database.db,
      sql`SELECT price_micro::text AS price_micro, buyer_id FROM marketplace_sales WHERE listing_id = ${Number(item.id)}`,
    );
    expect(sales).toEqual([{ price_micro: String(64n * USD), buyer_id: buyerId }]);

    const owned = () =>
      queryRows<{ ship_id: number; source: string }>(
        t.database.db,
        sql`SELECT ship_id, source FROM owned_ships WHERE user_id = ${buyerId} AND ship_id = ${item.shipId}`,
      );
    expect(await owned()).toEqual([]);
    await t.drainJobs();
    expect(await owned()).toEqual([{ ship_id: item.shipId, source: 'marketplace' }]);
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('fulfilled');

    const again = await wertio({ id: item.id, object: 'listing' }, otherToken);
    expect([again.statusCode, body(again).msg]).toEqual([409, 'This item is no longer for sale.']);
    expect(await onMarketplace()).not.toContain(item.id);
  });

  it('a failed widget payment gives the listing back to the marketplace', async () => {
    const item = await addListing(t.database.db, { sellMicro: 12n * USD, name: 'Widget Returned Ship' });
    const s = (await wertio({ id: item.id, object: 'listing' })).json() as WidgetSession;
    expect(await listingStatus(item.id)).toBe('reserved');
    if (t.config.widget.provider !== 'sandbox') throw new Error('expected the sandbox provider');
    const hook = await postWebhook(t, t.config.widget.webhookSecret, wertEvent('order_failed', s));
    expect(hook.json()).toEqual({ received: true, handled: true });
    expect(await listingStatus(item.id)).toBe('listed');
    expect(await onMarketplace()).toContain(item.id);
  });

  it('404 for an unknown listing, 400 for another object; signed out 401, closed sales 403', async () => {
    const unknown = await wertio({ id: '987654321', object: 'listing' });
    expect([unknown.statusCode, body(unknown).msg]).toEqual([404, 'There is no marketplace item with id 987654321.']);
    const item = await addListing(t.database.db, { sellMicro: 5n * USD, name: 'Widget Guarded Ship' });
    for (const payload of [
      { id: item.id, object: 'planet' },
      { id: item.id, object: 7 },
      { id: item.id, object: '' },
    ]) {
      const res = await wertio(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res)).toMatchObject({ error: true, code: 'BAD_REQUEST' });
    }
    expect((await wertio({ id: item.id, object: 'listing' }, '')).statusCode).toBe(401);
    await openSale(t.database.db, false);
    const closed = await wertio({ id: item.id, object: 'listing' });
    await openSale(t.database.db);
    expect(closed.statusCode).toBe(403);
    expect(await listingStatus(item.id)).toBe('listed');
  });

  it('without object the kind is read from the id, as before; a named shop or box kind is taken as named', async () => {
    const ship = await shopLine(t.database.db, 3, 20n * USD, 'Widget Shop Skiff');
    await addTestBlindBox(t.database.db, 'listingbox', 'Listing Test Box');
    // A shop line's id, no object: a shop ship, as the call always took it.
    const plain = await wertio({ id: ship.id });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(await linesOf(plain.json().tid)).toMatchObject([{ object: 'spaceship', name: 'Widget Shop Skiff' }]);
    const named = await wertio({ id: ship.id, object: 'spaceship' });
    expect(await linesOf(named.json().tid)).toMatchObject([{ object: 'spaceship', quantity: 1 }]);
    expect(await stockOf(t.database.db, ship.id)).toBe(1);
    const box = await wertio({ id: 'blindbox-listingbox', object: 'blindbox' });
    expect(box.statusCode, box.body).toBe(200);
    expect(await linesOf(box.json().tid)).toMatchObject([{ object: 'blindbox', name: 'Listing Test Box' }]);
  });
});
