import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { eventKinds, openSale, orderByCode, shopLine, stockOf, USD } from './payments.fixtures.ts';
import { encodePayOrder } from './wert-calldata.ts';
import { postWebhook, startWidget, wertEvent, type StartedWidget } from './widget-fixtures.ts';

describe('POST /api/wert/webhook/{secret} (sandbox provider)', () => {
  let t: TestApp;
  let token: string;
  let secret: string;
  let ship: { id: string; name: string };

  const start = (total = 1) => startWidget(t, token, [{ id: ship.id, total, object: 'spaceship' }]);
  const post = (b: unknown) => postWebhook(t, secret, b);
  const kinds = async (s: StartedWidget, kind: string) =>
    (await eventKinds(t.database.db, s.id)).filter((k) => k === kind).length;

  beforeAll(async () => {
    t = await createTestApp();
    if (t.config.widget.provider !== 'sandbox') throw new Error('expected the sandbox provider');
    secret = t.config.widget.webhookSecret;
    await t.createUser({ username: 'hooked', password: 'hooked-password-1' });
    token = (await t.login('hooked', 'hooked-password-1')).access_token;
    ship = await shopLine(t.database.db, 100, 60n * USD);
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  it('order_complete for our amount and call marks the order paid, its stock sold', async () => {
    const before = await stockOf(t.database.db, ship.id);
    const s = await start(2);
    const res = await post(wertEvent('order_complete', s));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, handled: true });
    expect(await orderByCode(t.database.db, s.tid)).toMatchObject({ status: 'paid', needs_review: false });
    expect(await stockOf(t.database.db, ship.id)).toBe(before - 2);
    const [paid] = await queryRows<{ provider_event_id: string; payload: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT provider_event_id, payload FROM order_events WHERE order_id = ${s.id} AND kind = 'paid'`,
    );
    expect(paid!.provider_event_id).toMatch(/^wert-sandbox:order_complete:01TEST/);
    expect(paid!.payload).toMatchObject({
      provider: 'wert-sandbox',
      amount_micro: String(120n * USD),
      currency: 'USD',
    });
  });

  it('a wrong or missing secret: 401, nothing changes', async () => {
    const s = await start();
    const event = wertEvent('order_complete', s);
    for (const res of [
      await postWebhook(t, `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`, event),
      await postWebhook(t, 'short', event),
      await postWebhook(t, null, event),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(body(res)).toMatchObject({ error: true, code: 'UNAUTHORIZED' });
    }
    expect(await orderByCode(t.database.db, s.tid)).toMatchObject({ status: 'pending', needs_review: false });
    expect(await eventKinds(t.database.db, s.id)).not.toContain('paid');
  });

  it('the same completion twice, and a second delivery of it: paid once, one paid event', async () => {
    const s = await start();
    const event = wertEvent('order_complete', s, { orderId: '01TESTTWICE' });
    expect((await post(event)).statusCode).toBe(200);
    expect((await post(event)).json()).toEqual({ received: true, handled: true });
    expect((await post(wertEvent('order_complete', s, { orderId: '01TESTTWICE' }))).statusCode).toBe(200);
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('paid');
    expect(await kinds(s, 'paid')).toBe(1);
  });

  it('an amount, coin or contract call other than ours goes to review, never paid', async () => {
    const cheaper = await start();
    expect((await post(wertEvent('order_complete', cheaper, { amount: 59.99 }))).statusCode).toBe(200);
    expect(await orderByCode(t.database.db, cheaper.tid)).toMatchObject({ status: 'pending', needs_review: true });

    const otherCoin = await start();
    expect((await post(wertEvent('order_complete', otherCoin, { commodity: 'ETH' }))).statusCode).toBe(200);
    expect(await orderByCode(t.database.db, otherCoin.tid)).toMatchObject({ status: 'pending', needs_review: true });

    // The signed data of one order replayed under another order's click_id: the same amount,
    // but the call on chain paid the first order.
    const a = await start();
    const b = await start();
    const replay = wertEvent('order_complete', b, { scInputData: a.signedData.sc_input_data });
    expect((await post(replay)).statusCode).toBe(200);
    expect(await orderByCode(t.database.db, b.tid)).toMatchObject({ status: 'pending', needs_review: true });

    const unreadable = await start();
    expect((await post(wertEvent('order_complete', unreadable, { amount: '60.0000001' }))).statusCode).toBe(200);
    expect(await orderByCode(t.database.db, unreadable.tid)).toMatchObject({ status: 'pending', needs_review: true });

    for (const s of [cheaper, otherCoin, b, unreadable]) expect(await kinds(s, 'paid')).toBe(0);
    expect(encodePayOrder(a.tid, a.totalMicro)).toBe(a.signedData.sc_input_data);
  });

  it('order_failed fails the order and gives its stock back once; a repeat changes nothing', async () => {
    const before = await stockOf(t.database.db, ship.id);
    const s = await start(3);
    expect(await stockOf(t.database.db, ship.id)).toBe(before - 3);
    const failed = wertEvent('order_failed', s);
    expect((await post(failed)).json()).toEqual({ received: true, handled: true });
    expect((await post(failed)).statusCode).toBe(200);
    expect((await post(wertEvent('order_canceled', s))).statusCode).toBe(200);
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('failed');
    expect(await stockOf(t.database.db, ship.id)).toBe(before);
    expect(await kinds(s, 'stock_released')).toBe(1);
  });

  it('order_canceled releases the stock too', async () => {
    const before = await stockOf(t.database.db, ship.id);
    const s = await start(2);
    expect((await post(wertEvent('order_canceled', s))).statusCode).toBe(200);
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('failed');
    expect(await stockOf(t.database.db, ship.id)).toBe(before);
  });

  it('a failure after the payment leaves the order paid and its stock sold', async () => {
    const before = await stockOf(t.database.db, ship.id);
    const s = await start(2);
    expect((await post(wertEvent('order_complete', s))).statusCode).toBe(200);
    expect((await post(wertEvent('order_failed', s))).json()).toEqual({ received: true, handled: true });
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('paid');
    expect(await stockOf(t.database.db, ship.id)).toBe(before - 2);
  });

  it('a completion after the order failed is recorded for review, not a second sale', async () => {
    const before = await stockOf(t.database.db, ship.id);
    const s = await start();
    expect((await post(wertEvent('order_failed', s))).statusCode).toBe(200);
    expect((await post(wertEvent('order_complete', s))).statusCode).toBe(200);
    expect(await orderByCode(t.database.db, s.tid)).toMatchObject({ status: 'failed', needs_review: true });
    expect(await stockOf(t.database.db, ship.id)).toBe(before);
  });

  it('payment_started holds the order longer', async () => {
    const s = await start();
    await t.database.db.execute(sql`UPDATE orders SET expires_at = now() + interval '5 minutes' WHERE id = ${s.id}`);
    expect((await post(wertEvent('payment_started', s))).json()).toEqual({ received: true, handled: true });
    const [row] = await queryRows<{ lead_ms: number }>(
      t.database.db,
      sql`SELECT (extract(epoch FROM expires_at - now()) * 1000)::float8 AS lead_ms FROM orders WHERE id = ${s.id}`,
    );
    expect(Number(row!.lead_ms)).toBeGreaterThan(59 * 60_000);
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('pending');
  });

  it('unknown click_ids, other event types and bodies that are not Wert events: 200, ignored', async () => {
    const ghost = { click_id: 'SP-NOTOURS000', signedData: { commodity: 'USDC', commodity_amount: 1 } } as never;
    expect((await post(wertEvent('order_complete', ghost))).json()).toEqual({ received: true, handled: false });
    expect((await post(wertEvent('order_failed', ghost))).json()).toEqual({ received: true, handled: false });
    expect((await post({ type: 'login', click_id: 'x', user: { user_id: 'u' } })).json()).toEqual({
      received: true,
      handled: false,
    });
    expect((await post({ hello: 'world' })).json()).toEqual({ received: true, handled: false });
    const s = await start();
    expect((await post({ type: 'order_complete', click_id: s.click_id })).json()).toEqual({
      received: true,
      handled: false,
    });
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('pending');
  });
});
