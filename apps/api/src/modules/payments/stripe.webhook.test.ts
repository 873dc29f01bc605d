import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { eventKinds, openSale, orderByCode, sessionEvent, shopLine, stockOf, USD } from './payments.fixtures.ts';

describe('POST /api/stripe/webhook', () => {
  let t: TestApp;
  let token: string;
  let secret: string;
  let ship: { id: string; name: string };

  const sign = (payload: string, timestamp?: number) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  const post = (payload: string, signature = sign(payload)) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  /** A card order through the real buy call: its code, internal id and sandbox session id. */
  const buy = async (total = 1) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/buy',
      payload: { ids: [{ id: ship.id, total, object: 'spaceship' }] },
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const code = body(res).order as string;
    const o = await orderByCode(t.database.db, code);
    return { code, id: o.id, session: o.provider_session_id!, cents: Number(BigInt(o.total_micro) / 10_000n) };
  };
  const completed = (o: { session: string; cents: number; code: string }, eventId?: string, cents = o.cents) =>
    sessionEvent(
      'checkout.session.completed',
      { id: o.session, amount_total: cents, client_reference_id: o.code },
      eventId,
    );
  const paidEvents = async (orderId: number) =>
    (await eventKinds(t.database.db, orderId)).filter((k) => k === 'paid').length;

  beforeAll(async () => {
    t = await createTestApp();
    if (t.config.card.provider !== 'sandbox') throw new Error('expected the sandbox provider');
    secret = t.config.card.webhookSecret;
    await t.createUser({ username: 'payer', password: 'payer-password-1' });
    token = (await t.login('payer', 'payer-password-1')).access_token;
    ship = await shopLine(t.database.db, 100, 250n * USD);
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  it('a signed checkout.session.completed marks the order paid', async () => {
    const o = await buy();
    const res = await post(completed(o));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, handled: true });
    expect((await orderByCode(t.database.db, o.code)).status).toBe('paid');
  });

  it('one byte changed in the body: 400, nothing changes', async () => {
    const o = await buy();
    const payload = completed(o);
    const signature = sign(payload);
    const tampered = payload.replace(`"amount_total":${o.cents}`, `"amount_total":${o.cents + 1}`);
    expect(tampered.length).toBe(payload.length + (String(o.cents + 1).length - String(o.cents).length));
    for (const bad of [tampered, payload.replace('"livemode":false', '"livemode":falsE')]) {
      const res = await post(bad, signature);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ error: true, msg: 'Invalid webhook signature.' });
    }
    expect(await orderByCode(t.database.db, o.code)).toMatchObject({ status: 'pending', needs_review: false });
  });

  it('a signature older than 5 minutes, a wrong secret or no header: 400', async () => {
    const o = await buy();
    const payload = completed(o);
    expect((await post(payload, sign(payload, Math.floor(Date.now() / 1000) - 301))).statusCode).toBe(400);
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
    expect((await post(payload, wrong)).statusCode).toBe(400);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(bare.statusCode).toBe(400);
    expect((await orderByCode(t.database.db, o.code)).status).toBe('pending');
    // Within the window it is accepted.
    expect((await post(payload, sign(payload, Math.floor(Date.now() / 1000) - 240))).statusCode).toBe(200);
    expect((await orderByCode(t.database.db, o.code)).status).toBe('paid');
  });

  it('the same event twice, and a second success event: paid once, one paid event', async () => {
    const o = await buy();
    const payload = completed(o, 'evt_twice_1');
    expect((await post(payload)).statusCode).toBe(200);
    expect((await post(payload)).statusCode).toBe(200);
    const again = sessionEvent('checkout.session.async_payment_succeeded', { id: o.session, amount_total: o.cents });
    expect((await post(again)).statusCode).toBe(200);
    expect((await orderByCode(t.database.db, o.code)).status).toBe('paid');
    expect(await paidEvents(o.id)).toBe(1);
  });

  it('expired releases the stock once; a later or repeated expired changes nothing', async () => {
    const before = await stockOf(t.database.db, ship.id);
    const o = await buy(3);
    expect(await stockOf(t.database.db, ship.id)).toBe(before - 3);
    const expired = sessionEvent('checkout.session.expired', { id: o.session, payment_status: 'unpaid' });
    expect((await post(expired)).statusCode).toBe(200);
    expect((await post(expired)).statusCode).toBe(200);
    expect(
      (await post(sessionEvent('checkout.session.expired', { id: o.session, payment_status: 'unpaid' }))).statusCode,
    ).toBe(200);
    expect(await stockOf(t.database.db, ship.id)).toBe(before);
    expect((await orderByCode(t.database.db, o.code)).status).toBe('failed');
    expect((await eventKinds(t.database.db, o.id)).filter((k) => k === 'stock_released')).toHaveLength(1);
  });

  it('expired once the reservation has lapsed: the order expires, stock back', async () => {
    const before = await stockOf(t.database.db, ship.id);
    const o = await buy();
    await t.database.db.execute(sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = ${o.id}`);
    expect(
      (await post(sessionEvent('checkout.session.expired', { id: o.session, payment_status: 'unpaid' }))).statusCode,
    ).toBe(200);
    expect((await orderByCode(t.database.db, o.code)).status).toBe('expired');
    expect(await stockOf(t.database.db, ship.id)).toBe(before);
  });

  it('expired after completed (out of order) leaves the order paid and its stock sold', async () => {
    const before = await stockOf(t.database.db, ship.id);
    const o = await buy(2);
    expect((await post(completed(o))).statusCode).toBe(200);
    expect(
      (await post(sessionEvent('checkout.session.expired', { id: o.session, payment_status: 'unpaid' }))).statusCode,
    ).toBe(200);
    expect((await orderByCode(t.database.db, o.code)).status).toBe('paid');
    expect(await stockOf(t.database.db, ship.id)).toBe(before - 2);
  });

  it('async_payment_failed fails the order and gives the stock back', async () => {
    const before = await stockOf(t.database.db, ship.id);
    const o = await buy();
    const failed = sessionEvent('checkout.session.async_payment_failed', { id: o.session, payment_status: 'unpaid' });
    expect((await post(failed)).statusCode).toBe(200);
    expect((await orderByCode(t.database.db, o.code)).status).toBe('failed');
    expect(await stockOf(t.database.db, ship.id)).toBe(before);
  });

  it('an amount or currency other than our total goes to review, not paid', async () => {
    const o = await buy();
    expect((await post(completed(o, undefined, o.cents - 1))).statusCode).toBe(200);
    expect(await orderByCode(t.database.db, o.code)).toMatchObject({ status: 'pending', needs_review: true });
    const eur = sessionEvent('checkout.session.completed', { id: o.session, amount_total: o.cents, currency: 'eur' });
    expect((await post(eur)).statusCode).toBe(200);
    expect((await orderByCode(t.database.db, o.code)).status).toBe('pending');
    expect(await paidEvents(o.id)).toBe(0);
  });

  it('a completed session not paid yet (delayed method) waits for async_payment_succeeded', async () => {
    const o = await buy();
    const unpaid = sessionEvent('checkout.session.completed', {
      id: o.session,
      amount_total: o.cents,
      payment_status: 'unpaid',
    });
    expect((await post(unpaid)).json()).toEqual({ received: true, handled: false });
    expect((await orderByCode(t.database.db, o.code)).status).toBe('pending');
    const later = sessionEvent('checkout.session.async_payment_succeeded', { id: o.session, amount_total: o.cents });
    expect((await post(later)).statusCode).toBe(200);
    expect((await orderByCode(t.database.db, o.code)).status).toBe('paid');
  });

  it('unknown events and sessions we did not open: 200, ignored', async () => {
    const other = JSON.stringify({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    });
    expect((await post(other)).json()).toEqual({ received: true, handled: false });
    expect(
      (await post(sessionEvent('checkout.session.completed', { id: 'cs_test_not_ours', amount_total: 100 }))).json(),
    ).toEqual({ received: true, handled: false });
  });

  it('a correctly signed but malformed event: 400 and a sentence, the order untouched; the well-formed one then pays', async () => {
    const o = await buy();
    const good = JSON.parse(completed(o, 'evt_malformed_then_good')) as Record<string, unknown> & { data: { object: Record<string, unknown> } };
    const withSession = (session: Record<string, unknown>) => JSON.stringify({ ...good, data: { object: { ...good.data.object, ...session } } });
    const malformed = [
      'null',
      '[]',
      '"checkout.session.completed"',
      JSON.stringify({ ...good, data: undefined }),
      JSON.stringify({ ...good, data: { object: null } }),
      JSON.stringify({ ...good, id: 42 }),
      JSON.stringify({ ...good, type: undefined }),
      withSession({ amount_total: o.cents + 0.5 }),
      withSession({ amount_total: '6746' }),
      withSession({ amount_total: -o.cents }),
      withSession({ id: undefined }),
      withSession({ id: 123 }),
      withSession({ payment_status: undefined }),
      withSession({ object: 'payment_intent' }),
      // An event we do not act on still needs an envelope.
      JSON.stringify({ id: 'evt_no_data', object: 'event', type: 'customer.created' }),
    ];
    for (const payload of malformed) {
      const res = await post(payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({ error: true, code: 'BAD_REQUEST', msg: 'The webhook event is malformed.' });
    }
    expect(await orderByCode(t.database.db, o.code)).toMatchObject({ status: 'pending', needs_review: false });
    expect(await eventKinds(t.database.db, o.id)).not.toContain('paid');
    // Stripe retries the event; once it reads well, it pays the order.
    expect((await post(completed(o, 'evt_malformed_then_good'))).json()).toEqual({ received: true, handled: true });
    expect((await orderByCode(t.database.db, o.code)).status).toBe('paid');
  });

  it('a session that cannot be opened fails the order at once (stock back) and answers 502', async () => {
    // $1.234567 is not a whole number of cents: no card provider can charge it.
    const odd = await shopLine(t.database.db, 4, 1_234_567n);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/buy',
      payload: { ids: [{ id: odd.id, total: 1, object: 'spaceship' }] },
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(502);
    expect(body(res)).toMatchObject({ error: true, msg: 'The card payment could not be started. Please try again.' });
    expect(await stockOf(t.database.db, odd.id)).toBe(4);
    const [row] = await queryRows<{ status: string }>(
      t.database.db,
      sql`SELECT status FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE l.shop_stock_id = ${Number(odd.id)}`,
    );
    expect(row!.status).toBe('failed');
  });
});
