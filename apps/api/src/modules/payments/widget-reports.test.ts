import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { eventKinds, openSale, orderByCode, shopLine, USD } from './payments.fixtures.ts';
import { postWebhook, startWidget, wertEvent, type StartedWidget } from './widget-fixtures.ts';

describe('browser reports: PATCH /api/payment/status, PATCH /api/shop_payment/status, POST /api/shop_payment/log', () => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let ship: { id: string; name: string };
  let s: StartedWidget;

  const call = (method: 'PATCH' | 'POST', url: string, payload: unknown, auth = token) =>
    t.app.inject({ method, url, payload: payload as object, headers: auth ? bearer(auth) : {} });
  const itemStatus = (p: unknown, auth?: string) => call('PATCH', '/api/payment/status', p, auth);
  const shopStatus = (p: unknown, auth?: string) => call('PATCH', '/api/shop_payment/status', p, auth);
  const log = (p: unknown, auth?: string) => call('POST', '/api/shop_payment/log', p, auth);
  const payloads = (orderId: number) =>
    queryRows<{ kind: string; payload: Record<string, unknown> }>(
      t.database.db,
      sql`SELECT kind, payload FROM order_events WHERE order_id = ${orderId} AND kind LIKE 'browser_%' ORDER BY id`,
    );

  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser({ username: 'reporter', password: 'reporter-password-1' });
    token = (await t.login('reporter', 'reporter-password-1')).access_token;
    await t.createUser({ username: 'snooper', password: 'snooper-password-1' });
    otherToken = (await t.login('snooper', 'snooper-password-1')).access_token;
    ship = await shopLine(t.database.db, 50, 80n * USD);
    await openSale(t.database.db);
    s = await startWidget(t, token, [{ id: ship.id, total: 1, object: 'spaceship' }]);
  });
  afterAll(async () => t?.close());

  it('each report is logged with the order and answers its status', async () => {
    const a = await itemStatus({ tid: s.tid, status: 1, payload: { step: 'WERT_POSITION', event: { step: 'card' } } });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({ error: false, status: 'pending' });
    const b = await shopStatus({
      tid: s.tid,
      status: 4,
      step: 'WERT_DEFAULT',
      content: 'Widget error',
      payload: { name: 'E' },
    });
    expect(b.json()).toEqual({ error: false, status: 'pending' });
    const c = await log({ tid: s.tid, event: 'rate-update', payload: { ticker: '1' } });
    expect(c.json()).toEqual({ error: false, status: 'pending' });
    const d = await shopStatus({ tid: s.tid, status: 1 });
    expect(d.statusCode).toBe(200);
    expect(await payloads(s.id)).toEqual([
      {
        kind: 'browser_report',
        payload: { route: 'payment', status: 1, payload: { step: 'WERT_POSITION', event: { step: 'card' } } },
      },
      {
        kind: 'browser_report',
        payload: {
          route: 'shop_payment',
          status: 4,
          step: 'WERT_DEFAULT',
          content: 'Widget error',
          payload: { name: 'E' },
        },
      },
      { kind: 'browser_log', payload: { event: 'rate-update', payload: { ticker: '1' } } },
      {
        kind: 'browser_report',
        payload: { route: 'shop_payment', status: 1, step: null, content: null, payload: null },
      },
    ]);
  });

  it('status 2 (success) from the browser never makes the order paid', async () => {
    for (const res of [
      await itemStatus({ tid: s.tid, status: 2, payload: { status: 'success', order_id: 'W1' } }),
      await shopStatus({ tid: s.tid, status: 2, step: 'WERT_SUCCESS', payload: { status: 'success' } }),
      await log({ tid: s.tid, event: 'payment-status', payload: { status: 'success' } }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ error: false, status: 'pending' });
    }
    expect(await orderByCode(t.database.db, s.tid)).toMatchObject({ status: 'pending', needs_review: false });
    expect(await eventKinds(t.database.db, s.id)).not.toContain('paid');
  });

  it('another player’s tid is a 404, as an unknown one; nothing is logged', async () => {
    const before = (await payloads(s.id)).length;
    for (const res of [
      await itemStatus({ tid: s.tid, status: 1 }, otherToken),
      await shopStatus({ tid: s.tid, status: 1 }, otherToken),
      await log({ tid: s.tid, event: 'loaded' }, otherToken),
      await itemStatus({ tid: 'SP-0000000000', status: 1 }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(body(res)).toMatchObject({ error: true, code: 'NOT_FOUND', msg: 'No such order.' });
    }
    expect((await payloads(s.id)).length).toBe(before);
  });

  it('401 signed out', async () => {
    expect((await itemStatus({ tid: s.tid, status: 1 }, '')).statusCode).toBe(401);
    expect((await shopStatus({ tid: s.tid, status: 1 }, '')).statusCode).toBe(401);
    expect((await log({ tid: s.tid, event: 'x' }, '')).statusCode).toBe(401);
  });

  it('400 for other status numbers, unknown steps, oversized payloads or notes; nothing is logged', async () => {
    const before = (await payloads(s.id)).length;
    const big = { blob: 'x'.repeat(8 * 1024) };
    for (const res of [
      await itemStatus({ tid: s.tid, status: 3 }),
      await itemStatus({ tid: s.tid, status: '2' }),
      await itemStatus({ status: 1 }),
      await itemStatus({ tid: s.tid, status: 1, payload: big }),
      await shopStatus({ tid: s.tid, status: 1, step: 'PAID' }),
      await shopStatus({ tid: s.tid, status: 1, content: 'x'.repeat(2001) }),
      await shopStatus({ tid: s.tid, status: 1, payload: big }),
      await log({ tid: s.tid }),
      await log({ tid: s.tid, event: 'e'.repeat(65) }),
      await log({ tid: s.tid, event: 'x', payload: big }),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(body(res).error).toBe(true);
    }
    // Far beyond any report: refused before it is read.
    const huge = await log({ tid: s.tid, event: 'x', payload: { blob: 'x'.repeat(70 * 1024) } });
    expect(huge.statusCode).toBe(413);
    expect(body(huge)).toMatchObject({ error: true, code: 'BAD_REQUEST' });
    expect((await payloads(s.id)).length).toBe(before);
  });

  it('after a verified payment the reports answer paid', async () => {
    if (t.config.widget.provider !== 'sandbox') throw new Error('sandbox expected');
    const paid = await postWebhook(t, t.config.widget.webhookSecret, wertEvent('order_complete', s));
    expect(paid.json()).toEqual({ received: true, handled: true });
    expect((await itemStatus({ tid: s.tid, status: 2 })).json()).toEqual({ error: false, status: 'paid' });
  });
});
