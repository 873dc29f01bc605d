import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { eventKinds, openSale, orderByCode, shopLine, USD } from './payments.fixtures.ts';
import { publicKeyOf, verifyScOptions } from './wert-signing.ts';
import { postWebhook, startWidget, wertEvent } from './widget-fixtures.ts';

/**
 * With Wert configured: the session names Wert's widget, and a completion counts only once
 * Wert's Data API (here a local stand-in speaking its format) confirms it.
 */
describe('the Wert provider, completions confirmed with the Data API', () => {
  let t: TestApp;
  let api: Server;
  let token: string;
  let ship: { id: string; name: string };
  /** What the stand-in Data API knows, by Wert order id; `down` makes it answer 500. */
  const known = new Map<string, Record<string, unknown>>();
  let down = false;
  const seen: { path: string; key: string | undefined }[] = [];
  const KEY = randomBytes(32).toString('hex');
  const SECRET = 'wert-hook-'.padEnd(40, 'x');
  const SC = '0x2222222222222222222222222222222222222222';

  beforeAll(async () => {
    api = createServer((req, res) => {
      seen.push({ path: req.url ?? '', key: req.headers['x-api-key'] as string | undefined });
      if (down) return void res.writeHead(500).end('{}');
      const search = new URL(req.url ?? '/', 'http://x').searchParams.get('search_by') ?? '';
      const hit = known.get(search);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, data: hit ? [hit] : [], total: hit ? 1 : 0 }));
    });
    await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
    const port = (api.address() as { port: number }).port;
    t = await createTestApp({
      env: {
        WERT_PARTNER_ID: '01GCRJZ1P7GP32304PZCS6RSPD',
        WERT_PRIVATE_KEY: `0x${KEY}`,
        WERT_SC_ADDRESS: SC,
        WERT_WEBHOOK_SECRET: SECRET,
        WERT_API_KEY: 'wert-test-api-key',
        WERT_DATA_API_URL: `http://127.0.0.1:${port}`,
      },
    });
    await t.createUser({ username: 'wertbuyer', password: 'wertbuyer-password-1' });
    token = (await t.login('wertbuyer', 'wertbuyer-password-1')).access_token;
    ship = await shopLine(t.database.db, 100, 25n * USD);
    await openSale(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => api?.close(r));
  });

  const start = () => startWidget(t, token, [{ id: ship.id, total: 1, object: 'spaceship' }]);
  const record = (orderId: string, clickId: string, o: Partial<Record<string, unknown>> = {}) =>
    known.set(orderId, {
      order_id: orderId,
      click_id: clickId,
      currency: 'eur',
      currency_amount: 23.9,
      crypto: 'usdc.sc.base',
      crypto_amount: 25,
      status: 'success',
      ...o,
    });

  it('the session opens Wert’s widget, signed with the configured key; our CSP lets it be framed', async () => {
    const s = await start();
    expect(s).toMatchObject({
      partnerID: '01GCRJZ1P7GP32304PZCS6RSPD',
      origin: 'https://widget.wert.io',
      commodity: 'USDC',
    });
    expect(s.signedData.sc_address).toBe(SC);
    expect(verifyScOptions(s.signedData, s.signedData.signature, publicKeyOf(KEY))).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toMatch(/frame-src 'self' https:\/\/widget\.wert\.io/);
    // No sandbox widget next to real Wert.
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/wert/widget.js' })).statusCode).toBe(404);
    const bare = await t.app.inject({ method: 'GET', url: `/sandbox/wert/x/widget?click_id=${s.tid}` });
    expect(bare.statusCode).toBe(404);
    expect(body(bare).code).toBe('NOT_FOUND');
  });

  it('confirmed by the Data API: paid, once; the API is asked with our key', async () => {
    const s = await start();
    record('01WERTPAID', s.tid);
    const event = wertEvent('order_complete', s, { orderId: '01WERTPAID' });
    expect((await postWebhook(t, SECRET, event)).json()).toEqual({ received: true, handled: true });
    expect((await postWebhook(t, SECRET, event)).statusCode).toBe(200);
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('paid');
    expect((await eventKinds(t.database.db, s.id)).filter((k) => k === 'paid')).toHaveLength(1);
    expect(seen.at(-1)).toEqual({
      path: '/api/external/orders?search_by=01WERTPAID&limit=10',
      key: 'wert-test-api-key',
    });
  });

  it('not confirmed: unknown to Wert, not success yet, or another click_id — nothing is paid', async () => {
    const s = await start();
    expect((await postWebhook(t, SECRET, wertEvent('order_complete', s, { orderId: '01WERTNONE' }))).json()).toEqual({
      received: true,
      handled: false,
    });
    record('01WERTPENDING', s.tid, { status: 'pending' });
    expect((await postWebhook(t, SECRET, wertEvent('order_complete', s, { orderId: '01WERTPENDING' }))).json()).toEqual(
      {
        received: true,
        handled: false,
      },
    );
    record('01WERTOTHER', 'SP-SOMEONEELS');
    expect((await postWebhook(t, SECRET, wertEvent('order_complete', s, { orderId: '01WERTOTHER' }))).json()).toEqual({
      received: true,
      handled: false,
    });
    expect(await orderByCode(t.database.db, s.tid)).toMatchObject({ status: 'pending', needs_review: false });
  });

  it('the amount Wert reports is the one checked, whatever the webhook body says', async () => {
    const s = await start();
    record('01WERTSHORT', s.tid, { crypto_amount: 24.5 });
    expect((await postWebhook(t, SECRET, wertEvent('order_complete', s, { orderId: '01WERTSHORT' }))).statusCode).toBe(
      200,
    );
    expect(await orderByCode(t.database.db, s.tid)).toMatchObject({ status: 'pending', needs_review: true });
  });

  it('the Data API unreachable: 503 so that Wert retries, and nothing changes', async () => {
    const s = await start();
    record('01WERTLATER', s.tid);
    down = true;
    const res = await postWebhook(t, SECRET, wertEvent('order_complete', s, { orderId: '01WERTLATER' }));
    down = false;
    expect(res.statusCode).toBe(503);
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('pending');
    // Wert's retry finds the API back.
    expect((await postWebhook(t, SECRET, wertEvent('order_complete', s, { orderId: '01WERTLATER' }))).statusCode).toBe(
      200,
    );
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('paid');
  });

  it('the webhook address needs the configured secret', async () => {
    const s = await start();
    record('01WERTNOSECRET', s.tid);
    const res = await postWebhook(t, 'x'.repeat(40), wertEvent('order_complete', s, { orderId: '01WERTNOSECRET' }));
    expect(res.statusCode).toBe(401);
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('pending');
  });

  it('the browser’s success report still pays nothing', async () => {
    const s = await start();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/shop_payment/status',
      payload: { tid: s.tid, status: 2, step: 'WERT_SUCCESS', payload: { status: 'success', order_id: '01WERTFAKE' } },
      headers: bearer(token),
    });
    expect(res.json()).toEqual({ error: false, status: 'pending' });
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('pending');
  });
});
