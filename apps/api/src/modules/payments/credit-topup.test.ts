import { topUpBoundsMsg, type Order, type WidgetSession } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { writeCreditPrice, writeTopUpBounds } from '../land/index.ts';
import { eventKinds, openSale, orderByCode, sessionEvent } from './payments.fixtures.ts';
import { postWebhook, wertEvent } from './widget-fixtures.ts';

/** Land-credit top-ups by card and widget (decision 0047), through the real calls on the sandbox providers. */
describe('land-credit top-up', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;

  const as = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(who), ...(payload ? { payload } : {}) });
  const credit = async (who = token) => (await as(who, 'GET', '/api/credit/total')).json().amount as number;
  const orderOf = async (code: string, who = token) => {
    const res = await as(who, 'GET', `/api/orders/${code}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Order }).data;
  };
  const buyTopUp = async (quantity: number) => {
    const res = await as(token, 'POST', '/api/stripe/buyTopup', { quantity });
    expect(res.statusCode, res.body).toBe(200);
    const code = body(res).order as string;
    const o = await orderByCode(t.database.db, code);
    return { code, id: o.id, session: o.provider_session_id!, cents: Number(BigInt(o.total_micro) / 10_000n), page: body(res).data as string };
  };
  /** A signed checkout.session.completed for the order, as Stripe (or the sandbox's job) delivers it. */
  const paidEvent = (o: { session: string; cents: number }, eventId: string) => {
    const payload = sessionEvent('checkout.session.completed', { id: o.session, amount_total: o.cents }, eventId);
    if (t.config.card.provider !== 'sandbox') throw new Error('expected the sandbox provider');
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: t.config.card.webhookSecret });
    return t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser({ username: 'topper', password: 'topper-password-1' });
    await t.createUser({ username: 'nosy', password: 'nosy-password-1' });
    token = (await t.login('topper', 'topper-password-1')).access_token;
    otherToken = (await t.login('nosy', 'nosy-password-1')).access_token;
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  it('GET /api/credit/topup answers the operator’s price and bounds, the defaults until set', async () => {
    expect((await as(token, 'GET', '/api/credit/topup')).json()).toEqual({
      error: false,
      usd_per_credit: 1,
      usd_per_credit_micro: '1000000',
      min_quantity: 1,
      max_quantity: 1000,
    });
    await writeCreditPrice(t.database.db, 2_500_000n);
    await writeTopUpBounds(t.database.db, 5, 50);
    expect((await as(token, 'GET', '/api/credit/topup')).json()).toMatchObject({
      usd_per_credit: 2.5,
      usd_per_credit_micro: '2500000',
      min_quantity: 5,
      max_quantity: 50,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/credit/topup' })).statusCode).toBe(401);
    await writeCreditPrice(t.database.db, 1_000_000n);
    await writeTopUpBounds(t.database.db, 1, 1000);
  });

  it('by card: an order of one line "Buy 5 Land Credit" at the operator’s price, no volume discount, back to the land page', async () => {
    const o = await buyTopUp(5);
    expect(o.page).toContain('/sandbox/stripe/checkout/');
    const order = await orderOf(o.code);
    expect(order).toMatchObject({ status: 'pending', method: 'card', total: 5, total_micro: '5000000', discount_micro: '0' });
    expect(order.lines).toEqual([
      { object: 'land_credit', id: 'land_credit', name: 'Buy 5 Land Credit', total: 5, sell_price: 1, sell_price_micro: '1000000' },
    ]);
    const [session] = await queryRows<{ success_url: string; cancel_url: string; amount_total: number }>(
      t.database.db,
      sql`SELECT success_url, cancel_url, amount_total::int AS amount_total FROM sandbox_checkout_sessions WHERE id = ${o.session}`,
    );
    expect(session).toEqual({
      success_url: `${t.config.publicUrl}/assets?topup=success&order=${o.code}`,
      cancel_url: `${t.config.publicUrl}/assets?topup=cancel&order=${o.code}`,
      amount_total: 500,
    });
  });

  it('the paid card order credits the ledger once, also when the same event comes twice; the balance and history show it', async () => {
    const before = await credit();
    const o = await buyTopUp(7);
    expect((await paidEvent(o, `evt_topup_${o.code}`)).statusCode).toBe(200);
    await t.drainJobs();
    expect((await paidEvent(o, `evt_topup_${o.code}`)).statusCode).toBe(200);
    await t.drainJobs();
    expect((await orderOf(o.code)).status).toBe('fulfilled');
    expect(await credit()).toBe(before + 7);
    expect((await eventKinds(t.database.db, o.id)).filter((k) => k === 'paid')).toHaveLength(1);
    const history = (await as(token, 'GET', '/api/my/history')).json() as { data: { title: string; detail: string }[] };
    expect(history.data).toContainEqual(expect.objectContaining({ title: 'You bought Buy 7 Land Credit', detail: `Order ${o.code}` }));
  });

  it('a quantity outside the operator’s bounds is a 400 naming them, and opens nothing', async () => {
    await writeTopUpBounds(t.database.db, 2, 1500);
    const [{ n: before }] = (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM orders`)) as [{ n: number }];
    for (const [url, quantity] of [
      ['/api/stripe/buyTopup', 1],
      ['/api/credit/payment/wertio', 1501],
      ['/api/credit/payment/eth_crypto', 1],
    ] as const) {
      const res = await as(token, 'POST', url, { quantity });
      expect(res.statusCode, url).toBe(400);
      expect(body(res).msg).toBe(topUpBoundsMsg(2, 1500));
      expect(body(res).msg).toBe('You can buy from 2 to 1,500 land credits at a time.');
    }
    const [{ n: after }] = (await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM orders`)) as [{ n: number }];
    expect(after).toBe(before);
    await writeTopUpBounds(t.database.db, 1, 1000);
  });

  it('bad bodies are 400s with a sentence; a closed sale is the 403 of every purchase', async () => {
    for (const payload of [{}, { quantity: 1.5 }, { quantity: '3' }, { quantity: 0 }, { quantity: 2, price: 1 }]) {
      const res = await as(token, 'POST', '/api/stripe/buyTopup', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res)).toMatchObject({ error: true, code: 'BAD_REQUEST', msg: expect.stringMatching(/\w/) });
    }
    // A top-up line cannot be sneaked into the shop's checkout, where it would not come back to the land page.
    const sneaked = await as(token, 'POST', '/api/stripe/buy', { type: 2, items: [{ id: 'land_credit', object: 'land_credit', total: 5 }] });
    expect(sneaked.statusCode).toBe(400);
    await openSale(t.database.db, false);
    const closed = await as(token, 'POST', '/api/stripe/buyTopup', { quantity: 3 });
    expect(closed.statusCode).toBe(403);
    expect(body(closed).msg).toBe('Buying is closed at the moment. Please try again when the sale opens.');
    await openSale(t.database.db);
  });

  it('by widget: the shop’s session named "Buy {n} Land Credit" with totalUSD; its verified webhook credits once', async () => {
    if (t.config.widget.provider !== 'sandbox') throw new Error('expected the sandbox widget');
    await writeCreditPrice(t.database.db, 1_250_000n);
    const before = await credit();
    const res = await as(token, 'POST', '/api/credit/payment/wertio', { quantity: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { tid: string; totalUSD: number; msg: string; data: WidgetSession };
    expect(answer).toMatchObject({ error: false, totalUSD: 5, tid: answer.data.tid });
    expect(answer.data).toMatchObject({ item_name: 'Buy 4 Land Credit', totalUSD: 5, click_id: answer.tid });
    const order = await orderOf(answer.tid);
    expect(order).toMatchObject({ method: 'widget', total_micro: '5000000' });
    expect(order.lines[0]).toMatchObject({ name: 'Buy 4 Land Credit', total: 4, sell_price_micro: '1250000' });

    // The browser's report is logged and pays nothing; another player's tid is the same 404 as an unknown one.
    const report = await as(token, 'PATCH', '/api/credit/payment_status', { tid: answer.tid, status: 2, payload: { status: 'success' } });
    expect(report.json()).toEqual({ error: false, status: 'pending' });
    const intruder = await as(otherToken, 'PATCH', '/api/credit/payment_status', { tid: answer.tid, status: 2 });
    expect(intruder.statusCode).toBe(404);
    expect(await credit()).toBe(before);

    const event = wertEvent('order_complete', answer.data, { orderId: `01TOPUP${answer.tid.slice(3)}` });
    for (let i = 0; i < 2; i++) expect((await postWebhook(t, t.config.widget.webhookSecret, event)).statusCode).toBe(200);
    await t.drainJobs();
    expect((await orderOf(answer.tid)).status).toBe('fulfilled');
    expect(await credit()).toBe(before + 4);
    await writeCreditPrice(t.database.db, 1_000_000n);
  });

  it('a double click with one Idempotency-Key opens one top-up; Continue payment names the widget’s top-up the same', async () => {
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/stripe/buyTopup', payload: { quantity: 9 }, headers: { ...bearer(token), 'idempotency-key': 'topup-click-1' } });
    const [a, b] = [await send(), await send()];
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(body(b).order).toBe(body(a).order);
    expect(b.headers['idempotent-replayed']).toBe('true');

    const opened = (await as(token, 'POST', '/api/credit/payment/wertio', { quantity: 11 })).json() as { tid: string };
    const again = await as(token, 'POST', `/api/orders/${opened.tid}/continue_payment`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ method: 'widget', order: opened.tid, session: { item_name: 'Buy 11 Land Credit', totalUSD: 11 } });
  });

  it('a widget status report outside the schema is a 400; a top-up order cannot be read by another player', async () => {
    for (const payload of [{ tid: 'SP-1', status: 3 }, { tid: 'SP-1', status: 2, extra: true }, { status: 2 }]) {
      expect((await as(token, 'PATCH', '/api/credit/payment_status', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    const o = await buyTopUp(2);
    expect((await as(otherToken, 'GET', `/api/orders/${o.code}`)).statusCode).toBe(404);
  });
});
