import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { openSale, orderByCode, shopLine, stockOf, USD } from './payments.fixtures.ts';
import { addTestBlindBox } from './widget-fixtures.ts';
import { decodePayOrder } from './wert-calldata.ts';
import { publicKeyOf, verifyScOptions } from './wert-signing.ts';

describe('POST /api/shop_payment/wertio and /api/payment/wertio (sandbox widget)', () => {
  let t: TestApp;
  let token: string;
  let walletToken: string;
  let ship: { id: string; name: string };
  let cheap: { id: string; name: string };
  const WALLET = '0x1111111111111111111111111111111111111111';

  const shop = (payload: object, auth = token) =>
    t.app.inject({ method: 'POST', url: '/api/shop_payment/wertio', payload, headers: auth ? bearer(auth) : {} });
  const single = (payload: object, auth = token) =>
    t.app.inject({ method: 'POST', url: '/api/payment/wertio', payload, headers: auth ? bearer(auth) : {} });
  const orderRow = (code: string) =>
    queryRows<{ method: string; provider: string; provider_session_id: string; lead_ms: number; job_lead_ms: number }>(
      t.database.db,
      sql`SELECT o.method, o.provider, o.provider_session_id,
                 (extract(epoch FROM o.expires_at - now()) * 1000)::float8 AS lead_ms,
                 (extract(epoch FROM j.run_at - now()) * 1000)::float8 AS job_lead_ms
          FROM orders o JOIN jobs j ON j.dedupe_key = 'order.expire:' || o.id WHERE o.code = ${code}`,
    ).then((rows) => rows[0]!);

  beforeAll(async () => {
    t = await createTestApp();
    expect(t.config.widget.provider).toBe('sandbox');
    await t.createUser({ username: 'widgeteer', password: 'widgeteer-password-1' });
    token = (await t.login('widgeteer', 'widgeteer-password-1')).access_token;
    await t.createUser({ username: 'walleted', password: 'walleted-password-1', wallet: WALLET });
    walletToken = (await t.login('walleted', 'walleted-password-1')).access_token;
    ship = await shopLine(t.database.db, 5, 120n * USD, 'Nebula Skiff');
    cheap = await shopLine(t.database.db, 50, 33_330_000n);
    await addTestBlindBox(t.database.db, 'widgetbox', 'Widget Blind Box');
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  it('shop: opens a widget order, reserves the stock and answers the signed widget session', async () => {
    const res = await shop({ ids: [{ id: ship.id, total: 2, object: 'spaceship' }] });
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(Object.keys(b).sort()).toEqual(['data', 'error', 'tid']);
    expect(b.error).toBe(false);
    expect(b.tid).toMatch(/^SP-[0-9A-Z]{10}$/);
    expect(Object.keys(b.data).sort()).toEqual(
      ['click_id', 'commodity', 'item_name', 'network', 'origin', 'partnerID', 'signedData', 'tid', 'totalUSD'].sort(),
    );
    expect(b.data).toMatchObject({
      tid: b.tid,
      click_id: b.tid,
      partnerID: 'starport-sandbox',
      commodity: 'USDC',
      network: 'base',
      origin: `${TEST_PUBLIC_URL}/sandbox/wert`,
      totalUSD: 240,
      item_name: 'Spaceship',
    });
    const s = b.data.signedData;
    expect(Object.keys(s).sort()).toEqual(
      ['address', 'commodity', 'commodity_amount', 'network', 'sc_address', 'sc_input_data', 'signature'].sort(),
    );
    expect(s).toMatchObject({ commodity: 'USDC', network: 'base', commodity_amount: 240 });
    // No linked wallet: Wert's fallback address is our contract.
    expect(s.address).toBe(s.sc_address);
    expect(decodePayOrder(s.sc_input_data)).toEqual({ code: b.tid, amountMicro: 240n * USD });
    if (t.config.widget.provider !== 'sandbox') throw new Error('sandbox expected');
    expect(verifyScOptions(s, s.signature, publicKeyOf(t.config.widget.privateKey))).toBe(true);

    expect(await stockOf(t.database.db, ship.id)).toBe(3);
    const o = await orderRow(b.tid);
    expect(o).toMatchObject({ method: 'widget', provider: 'wert-sandbox', provider_session_id: b.tid });
    // Held an hour while the widget can be paid, and its expiry job with it.
    expect(Number(o.lead_ms)).toBeGreaterThan(59 * 60_000);
    expect(Math.abs(Number(o.job_lead_ms) - Number(o.lead_ms))).toBeLessThan(1000);
    expect((await orderByCode(t.database.db, b.tid)).status).toBe('pending');
  });

  it('the total is our own: a volume discount is in the signed amount', async () => {
    const res = await shop({ ids: [{ id: cheap.id, total: 3, object: 'spaceship' }] });
    expect(res.statusCode).toBe(200);
    // 3 × $33.33 = $99.99, 5 % off = $5.00 → $94.99
    const { data } = res.json();
    expect(data.totalUSD).toBe(94.99);
    expect(data.signedData.commodity_amount).toBe(94.99);
    expect(decodePayOrder(data.signedData.sc_input_data)!.amountMicro).toBe(94_990_000n);
  });

  it('single item: one copy of a shop line; a linked wallet is Wert’s fallback address', async () => {
    const res = await single({ id: cheap.id }, walletToken);
    expect(res.statusCode).toBe(200);
    const b = res.json();
    expect(Object.keys(b).sort()).toEqual(
      [
        'click_id',
        'commodity',
        'error',
        'item_name',
        'msg',
        'network',
        'origin',
        'partnerID',
        'signedData',
        'tid',
        'totalUSD',
      ].sort(),
    );
    expect(b).toMatchObject({ error: false, click_id: b.tid, totalUSD: 33.33, item_name: 'Spaceship' });
    expect(typeof b.msg).toBe('string');
    expect(b.signedData.address).toBe(WALLET);
    const [line] = await queryRows<{ object: string; quantity: number }>(
      t.database.db,
      sql`SELECT l.object, l.quantity FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.code = ${b.tid}`,
    );
    expect(line).toMatchObject({ object: 'spaceship', quantity: 1 });
  });

  it('single item: a blind-box id buys a blind box', async () => {
    const res = await single({ id: 'blindbox-widgetbox' });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = await queryRows<{ object: string; name: string }>(
      t.database.db,
      sql`SELECT l.object, l.name FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.code = ${res.json().tid}`,
    );
    expect(line).toMatchObject({ object: 'blindbox', name: 'Widget Blind Box' });
    expect(res.json().totalUSD).toBe(250);
  });

  it('asks for sign-in (401), reserving nothing', async () => {
    expect((await shop({ ids: [{ id: ship.id, total: 1, object: 'spaceship' }] }, '')).statusCode).toBe(401);
    expect((await single({ id: ship.id }, '')).statusCode).toBe(401);
    expect(await stockOf(t.database.db, ship.id)).toBe(3);
  });

  it('403 while buying is closed, with the card call’s message; nothing reserved', async () => {
    await openSale(t.database.db, false);
    const a = await shop({ ids: [{ id: ship.id, total: 1, object: 'spaceship' }] });
    const b = await single({ id: ship.id });
    const card = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/buy',
      payload: { ids: [{ id: ship.id, total: 1, object: 'spaceship' }] },
      headers: bearer(token),
    });
    await openSale(t.database.db);
    expect([a.statusCode, b.statusCode, card.statusCode]).toEqual([403, 403, 403]);
    expect(body(a)).toMatchObject({ error: true, code: 'FORBIDDEN', msg: body(card).msg });
    expect(body(b).msg).toBe(body(card).msg);
    expect(await stockOf(t.database.db, ship.id)).toBe(3);
  });

  it('409 naming the item when there are not enough copies; stock unchanged', async () => {
    const res = await shop({ ids: [{ id: ship.id, total: 4, object: 'spaceship' }] });
    expect(res.statusCode).toBe(409);
    expect(body(res)).toMatchObject({ code: 'CONFLICT', msg: expect.stringContaining('Nebula Skiff') });
    const sold = await shopLine(t.database.db, 0, 10n * USD, 'Gone Ghost');
    const one = await single({ id: sold.id });
    expect(one.statusCode).toBe(409);
    expect(body(one).msg).toBe('Gone Ghost is sold out. Please remove it from your cart.');
    expect(await stockOf(t.database.db, ship.id)).toBe(3);
  });

  it('400 for malformed carts and ids, 404 for an item that is not sold', async () => {
    for (const payload of [
      {},
      { ids: [] },
      { ids: 'nope' },
      { ids: [{ id: ship.id, total: 0, object: 'spaceship' }] },
      { ids: [{ id: ship.id, total: 1, object: 'planet' }] },
      { ids: [{ total: 1, object: 'spaceship' }] },
      { ids: [{ id: 'x'.repeat(65), total: 1, object: 'spaceship' }] },
    ]) {
      const res = await shop(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).error).toBe(true);
    }
    for (const payload of [{}, { id: '' }, { id: 7 }, { id: 'x'.repeat(65) }]) {
      expect((await single(payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await single({ id: '999999' })).statusCode).toBe(404);
    expect(await stockOf(t.database.db, ship.id)).toBe(3);
  });
});

describe('the widget calls in the OpenAPI document', () => {
  it('lists each call with its schemas', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
      expect(res.statusCode).toBe(200);
      const paths = res.json().paths as Record<string, Record<string, unknown>>;
      expect(Object.keys(paths['/api/shop_payment/wertio']!)).toEqual(['post']);
      expect(Object.keys(paths['/api/payment/wertio']!)).toEqual(['post']);
      expect(Object.keys(paths['/api/payment/status']!)).toEqual(['patch']);
      expect(Object.keys(paths['/api/shop_payment/status']!)).toEqual(['patch']);
      expect(Object.keys(paths['/api/shop_payment/log']!)).toEqual(['post']);
      expect(paths['/api/wert/webhook/{secret}']).toBeDefined();
      expect(JSON.stringify(paths['/api/shop_payment/status'])).toContain('WERT_POSITION');
      // The detail page's call names a marketplace listing by its object.
      const item = paths['/api/payment/wertio']!.post as { summary: string; requestBody: unknown };
      expect(JSON.stringify(item.requestBody)).toContain('"listing"');
      expect(item.summary).toContain("object 'listing'");
    } finally {
      await t.close();
    }
  });
});

describe('widget payments switched off', () => {
  it('starting one answers 503; no webhook and no sandbox widget', async () => {
    const t = await createTestApp({ env: { WIDGET_PROVIDER: 'off' } });
    try {
      await t.createUser({ username: 'offline', password: 'offline-password-1' });
      const token = (await t.login('offline', 'offline-password-1')).access_token;
      const ship = await shopLine(t.database.db, 2, 5n * USD);
      await openSale(t.database.db);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payment/wertio',
        payload: { id: ship.id },
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(503);
      expect(body(res).msg).toBe('Widget payments are not available at the moment.');
      expect(await stockOf(t.database.db, ship.id)).toBe(2);
      expect((await t.app.inject({ method: 'POST', url: '/api/wert/webhook/x', payload: {} })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/sandbox/wert/widget.js' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
