import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addListing } from '../../../test/catalogue-fixtures.ts';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { marketplaceListings, sandboxSessions, users } from '../../db/schema/index.ts';
import { openSale, orderByCode, sessionEvent, shopLine, USD } from './payments.fixtures.ts';

/** POST /api/stripe/buy for one marketplace listing: `items: [{ id, object: 'listing', total: 1 }]`. */
describe('buying a marketplace listing by card (sandbox provider)', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let sellerToken: string;
  let sellerId: string;
  const buy = (payload: object, auth = token) =>
    t.app.inject({ method: 'POST', url: '/api/stripe/buy', payload, headers: auth ? bearer(auth) : {} });
  const listingBody = (id: string) => ({ type: 2, items: [{ id, object: 'listing', total: 1 }] });
  const statusOf = async (id: string) =>
    (
      await t.database.db
        .select({ status: marketplaceListings.status })
        .from(marketplaceListings)
        .where(eq(marketplaceListings.id, Number(id)))
    )[0]!.status;

  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ['collector', 'latecomer', 'trader'])
      await t.createUser({ username: name, password: `${name}-password-1` });
    token = (await t.login('collector', 'collector-password-1')).access_token;
    otherToken = (await t.login('latecomer', 'latecomer-password-1')).access_token;
    sellerToken = (await t.login('trader', 'trader-password-1')).access_token;
    sellerId = (await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'trader')))[0]!.id;
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  it('signed out: 401, and the listing stays listed', async () => {
    const item = await addListing(t.database.db, { sellMicro: 99n * USD });
    const res = await buy(listingBody(item.id), '');
    expect(res.statusCode).toBe(401);
    expect(await statusOf(item.id)).toBe('listed');
  });

  it('buying closed (sale_program 0): 403, nothing reserved', async () => {
    const item = await addListing(t.database.db, { sellMicro: 99n * USD });
    await openSale(t.database.db, false);
    const res = await buy(listingBody(item.id));
    await openSale(t.database.db);
    expect([res.statusCode, body(res).code]).toEqual([403, 'FORBIDDEN']);
    expect(await statusOf(item.id)).toBe('listed');
  });

  it('opens a card order for the listing at its sale price; a browser price is ignored', async () => {
    const item = await addListing(t.database.db, {
      sellMicro: 1234_560_000n,
      listMicro: 1500n * USD,
      name: 'Vega Corsair',
    });
    const res = await buy({ price: 0.01, collection: 'ships', ...listingBody(item.id) });
    expect(res.statusCode, res.body).toBe(200);
    const b = body(res) as unknown as { data: string; order: string };
    const order = await orderByCode(t.database.db, b.order);
    expect(order).toMatchObject({ status: 'pending', total_micro: '1234560000' });
    const [session] = await t.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, order.provider_session_id!));
    expect(session!.amountTotal).toBe(123_456);
    expect(session!.lineItems).toEqual([
      { name: 'Vega Corsair', description: null, unit_amount: 123_456, quantity: 1 },
    ]);
    expect(await statusOf(item.id)).toBe('reserved');

    const view = await t.app.inject({ method: 'GET', url: `/api/orders/${b.order}`, headers: bearer(token) });
    expect(body(view).data).toMatchObject({
      lines: [{ object: 'listing', id: item.id, name: 'Vega Corsair', total: 1, sell_price: 1234.56 }],
    });

    // Anyone else now hears it is gone.
    const late = await buy(listingBody(item.id), otherToken);
    expect([late.statusCode, body(late).msg]).toEqual([409, 'This item is no longer for sale.']);
  });

  it('the seller cannot buy their own listing (403)', async () => {
    const item = await addListing(t.database.db, { sellMicro: 10n * USD, sellerId });
    const res = await buy(listingBody(item.id), sellerToken);
    expect([res.statusCode, body(res).msg]).toEqual([403, 'This is your own listing: you cannot buy it.']);
    expect(await statusOf(item.id)).toBe('listed');
  });

  it('400 for a listing with a total other than 1, with other lines, or in the shop form; 404 for an unknown one', async () => {
    const item = await addListing(t.database.db, { sellMicro: 10n * USD });
    const ship = await shopLine(t.database.db, 5, 10n * USD);
    for (const payload of [
      { type: 2, items: [{ id: item.id, object: 'listing', total: 2 }] },
      {
        type: 2,
        items: [
          { id: item.id, object: 'listing', total: 1 },
          { id: ship.id, object: 'spaceship', total: 1 },
        ],
      },
      { ids: [{ id: item.id, object: 'listing', total: 1 }] },
    ]) {
      const res = await buy(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).error).toBe(true);
    }
    const alone = await buy({
      type: 2,
      items: [
        { id: item.id, object: 'listing', total: 1 },
        { id: ship.id, object: 'spaceship', total: 1 },
      ],
    });
    expect(body(alone).msg).toBe('A marketplace item is bought on its own: send it as the only line.');
    const unknown = await buy(listingBody('987654321'));
    expect([unknown.statusCode, body(unknown).msg]).toEqual([404, 'There is no marketplace item with id 987654321.']);
    expect(await statusOf(item.id)).toBe('listed');
  });

  it('the verified payment sells it: listing sold, one marketplace_sales row at the price paid, to the buyer', async () => {
    const item = await addListing(t.database.db, { sellMicro: 64n * USD, name: 'Paid Pioneer' });
    const res = await buy({ type: 2, items: [{ _id: item.id, object: 'listing', total: 1 }] });
    expect(res.statusCode).toBe(200);
    const order = await orderByCode(t.database.db, body(res).order as string);
    if (t.config.card.provider !== 'sandbox') throw new Error('expected the sandbox provider');
    const payload = sessionEvent('checkout.session.completed', {
      id: order.provider_session_id!,
      amount_total: 6_400,
      client_reference_id: body(res).order as string,
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: t.config.card.webhookSecret });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(body(hook)).toEqual({ received: true, handled: true });
    expect((await orderByCode(t.database.db, body(res).order as string)).status).toBe('paid');
    expect(await statusOf(item.id)).toBe('sold');
    const sales = await queryRows<{ price_micro: string; buyer: string }>(
      t.database.db,
      sql`SELECT s.price_micro::text AS price_micro, u.username AS buyer FROM marketplace_sales s JOIN users u ON u.id = s.buyer_id
          WHERE s.listing_id = ${Number(item.id)}`,
    );
    expect(sales).toEqual([{ price_micro: String(64n * USD), buyer: 'collector' }]);
  });
});
