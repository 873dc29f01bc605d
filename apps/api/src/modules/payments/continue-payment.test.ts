import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addListing } from '../../../test/catalogue-fixtures.ts';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { CARD_SESSION_CLOSED_MSG } from './card-payments.service.ts';
import { openSale, orderByCode, shopLine, stockOf, USD } from './payments.fixtures.ts';

describe('Continue payment: a pending order paid again, same order, same hold', () => {
  let t: TestApp;
  let token: string;
  let userId: string;
  let otherToken: string;
  let ship: { id: string; name: string };

  const post = (url: string, payload: object, auth = token) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(auth) });
  const resume = (code: string, auth = token) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${code}/continue_payment`, headers: bearer(auth) });
  const ordersOf = async () =>
    (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId}`))[0]!.n;
  const expiryOf = async (code: string) =>
    (await queryRows<{ e: string }>(t.database.db, sql`SELECT expires_at::text AS e FROM orders WHERE code = ${code}`))[0]!.e;

  beforeAll(async () => {
    t = await createTestApp({ env: { ORDER_MAX_PENDING: '100' } });
    userId = await t.createUser({ username: 'resumer', password: 'resumer-password-1' });
    token = (await t.login('resumer', 'resumer-password-1')).access_token;
    await t.createUser({ username: 'stranger', password: 'stranger-password-1' });
    otherToken = (await t.login('stranger', 'stranger-password-1')).access_token;
    ship = await shopLine(t.database.db, 100, 30n * USD, 'Second Try');
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  it('card: the same checkout page again, no new order, stock and expiry unchanged', async () => {
    const bought = await post('/api/stripe/buy', { ids: [{ id: ship.id, total: 2, object: 'spaceship' }] });
    expect(bought.statusCode).toBe(200);
    const { order: code, data: url } = bought.json() as { order: string; data: string };
    const orders = await ordersOf();
    const stock = await stockOf(t.database.db, ship.id);
    const expiry = await expiryOf(code);
    // A declined card leaves the session open: the player tries again from My Orders.
    const declined = await fetchDecline(url);
    expect(declined).toBe(402);
    const res = await resume(code);
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res)).toEqual({ error: false, method: 'card', order: code, data: url });
    expect(await ordersOf()).toBe(orders);
    expect(await stockOf(t.database.db, ship.id)).toBe(stock);
    expect(await expiryOf(code)).toBe(expiry);
  });

  it('card: a session that closed is a 409 with a sentence', async () => {
    const bought = await post('/api/stripe/buy', { ids: [{ id: ship.id, total: 1, object: 'spaceship' }] });
    const { order: code } = bought.json() as { order: string };
    const { provider_session_id } = await orderByCode(t.database.db, code);
    await t.database.db.execute(sql`UPDATE sandbox_checkout_sessions SET status = 'expired' WHERE id = ${provider_session_id}`);
    const res = await resume(code);
    expect(res.statusCode).toBe(409);
    expect(body(res).msg).toBe(CARD_SESSION_CLOSED_MSG);
  });

  it('widget: the widget signed again for the same order (its code the click_id), no new order', async () => {
    const started = await post('/api/shop_payment/wertio', { ids: [{ id: ship.id, total: 1, object: 'spaceship' }] });
    expect(started.statusCode).toBe(200);
    const first = (started.json() as { data: { tid: string; signedData: unknown } }).data;
    const orders = await ordersOf();
    const res = await resume(first.tid);
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json() as { method: string; order: string; session: { tid: string; click_id: string; signedData: unknown } };
    expect(b).toMatchObject({ method: 'widget', order: first.tid, session: { tid: first.tid, click_id: first.tid } });
    // The same purchase (the same contract call for the same order and total), signed again.
    expect(b.session.signedData).toEqual(first.signedData);
    expect(await ordersOf()).toBe(orders);
  });

  it("another player's order is a 404; a cancelled or expired one a 409 naming why", async () => {
    const bought = await post('/api/stripe/buy', { ids: [{ id: ship.id, total: 1, object: 'spaceship' }] });
    const { order: code } = bought.json() as { order: string };
    expect((await resume(code, otherToken)).statusCode).toBe(404);
    await t.database.db.execute(sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE code = ${code}`);
    const late = await resume(code);
    expect([late.statusCode, body(late).msg]).toEqual([409, `Order ${code} is no longer reserved for you and can no longer be paid.`]);
    const other = await post('/api/stripe/buy', { ids: [{ id: ship.id, total: 1, object: 'spaceship' }] });
    const { order: cancelled } = other.json() as { order: string };
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${cancelled}/cancel`, headers: bearer(token) })).statusCode).toBe(200);
    const closed = await resume(cancelled);
    expect([closed.statusCode, body(closed).msg]).toEqual([409, `Order ${cancelled} is cancelled and can no longer be paid.`]);
  });

  it('a reserved listing: everyone sees until when; only its buyer sees the order to continue', async () => {
    const listing = await addListing(t.database.db, { sellMicro: 12n * USD, name: 'Held Pioneer' });
    const read = async (auth?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/marketplace/item/${listing.id}`,
        headers: auth ? bearer(auth) : {},
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { item: { status: string; reservation?: { until: string; order: string | null } | null } }).item;
    };
    expect((await read()).reservation).toBeNull();
    const bought = await post('/api/stripe/buy', { type: 2, items: [{ id: listing.id, object: 'listing', total: 1 }] });
    expect(bought.statusCode, bought.body).toBe(200);
    const { order: code } = bought.json() as { order: string };
    const expiry = await queryRows<{ e: Date | string }>(t.database.db, sql`SELECT expires_at AS e FROM orders WHERE code = ${code}`);
    const until = new Date(expiry[0]!.e).toISOString();
    expect(await read()).toMatchObject({ status: 'reserved', reservation: { until, order: null } });
    expect((await read(otherToken)).reservation).toEqual({ until, order: null });
    expect((await read(token)).reservation).toEqual({ until, order: code });
  });

  it('is documented in the OpenAPI document, as is the item read\'s reservation', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; description?: string }>>;
    };
    expect(doc.paths['/api/orders/{code}/continue_payment']!.post!.summary).toMatch(/same order and stock hold/);
    expect(doc.paths['/api/marketplace/item/{id}']!.get!.description).toMatch(/reservation/);
    expect(JSON.stringify(doc.paths['/api/marketplace/item/{id}'])).toContain('listed again then if unpaid');
  });

  /** The sandbox checkout page's "decline" button: the card is refused, the session stays open. */
  async function fetchDecline(url: string): Promise<number> {
    const path = new URL(url).pathname;
    const res = await t.app.inject({ method: 'POST', url: `${path}/decline`, payload: {} });
    return res.statusCode;
  }
});
