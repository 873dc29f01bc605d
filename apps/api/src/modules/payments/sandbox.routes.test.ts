import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_COLOURS, BRAND_ICON_SVG, isPaidOrderStatus } from '@starport/schemas';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { eventKinds, openSale, orderByCode, shopLine, stockOf, USD } from './payments.fixtures.ts';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

describe('the sandbox hosted checkout, over real HTTP', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  let ship: { id: string; name: string };

  /** Buys through the API and returns the order code and the checkout page address. */
  const buy = async (total = 1) => {
    const res = await fetch(`${base}/api/stripe/buy`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: JSON.stringify({ ids: [{ id: ship.id, total, object: 'spaceship' }] }),
    });
    expect(res.status).toBe(200);
    const b = (await res.json()) as { data: string; order: string };
    expect(b.data.startsWith(`${base}/sandbox/stripe/checkout/cs_sandbox_`)).toBe(true);
    return { code: b.order, page: b.data };
  };
  const statusOf = async (code: string) => (await orderByCode(t.database.db, code)).status;
  // As a browser form does: urlencoded, no fields, redirects not followed.
  const press = (page: string, button: 'pay' | 'decline' | 'abandon') =>
    fetch(`${page}/${button}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ env: { PUBLIC_URL: base } });
    await t.app.listen({ host: '127.0.0.1', port });
    // Pay and Abandon queue their event for the job worker: it runs here as in a server.
    t.app.jobs.start();
    await t.createUser({ username: 'shopper', password: 'shopper-password-1' });
    token = (await t.login('shopper', 'shopper-password-1')).access_token;
    ship = await shopLine(t.database.db, 10, 75n * USD, 'Quasar <Cutter>');
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  it('GET shows the order code, its lines (escaped) and the total, with three form buttons and no script', async () => {
    const { code, page } = await buy(2);
    const res = await fetch(page);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain(code);
    expect(html).toContain('Quasar &lt;Cutter&gt;');
    expect(html).toContain('2 × $75.00');
    expect(html).toMatch(/id="total">\$150\.00</);
    expect(html.match(/<form method="post"/g)).toHaveLength(3);
    expect(html).not.toMatch(/<script|https?:\/\//);
  });

  it('is branded like the shop (name, colours, icon) and serves its favicon, within the page’s CSP', async () => {
    const { code, page } = await buy();
    const res = await fetch(page);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`<title>Card payment · ${code} · Starport</title>`));
    expect(html).toContain('<link rel="icon" type="image/svg+xml" href="/sandbox/stripe/favicon.svg">');
    expect(html).toMatch(/<span class="brand">Starport<\/span>/);
    for (const colour of [BRAND_COLOURS.bg, BRAND_COLOURS.bgRaised, BRAND_COLOURS.accent, BRAND_COLOURS.text]) {
      expect(html).toContain(colour);
    }
    // The icon comes from this server, which the page's CSP allows for images.
    expect(res.headers.get('content-security-policy')).toMatch(/img-src 'self'/);

    const icon = await fetch(`${base}/sandbox/stripe/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toBe(BRAND_ICON_SVG);
  });

  it('Pay: our webhook receives the signed event, the order is paid, 303 to success_url', async () => {
    const { code, page } = await buy();
    const res = await press(page, 'pay');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${base}/shop/stripe_payment/success?order=${code}`);
    // Paid, and perhaps already fulfilled by the same worker: both are paid.
    await expect.poll(() => statusOf(code)).toSatisfy(isPaidOrderStatus);
    const order = await orderByCode(t.database.db, code);
    expect((await eventKinds(t.database.db, order.id)).filter((k) => k === 'paid')).toHaveLength(1);
    // Pressing again (back button) sends nothing more.
    expect((await press(page, 'pay')).status).toBe(409);
    expect((await eventKinds(t.database.db, order.id)).filter((k) => k === 'paid')).toHaveLength(1);
    // The order as its owner reads it.
    const mine = await fetch(`${base}/api/orders/${code}`, { headers: bearer(token) });
    expect(((await mine.json()) as { data: { status: string } }).data.status).toSatisfy(isPaidOrderStatus);
  });

  it('Decline: "Your card was declined." and the order stays pending, still payable', async () => {
    const { code, page } = await buy();
    const res = await press(page, 'decline');
    expect(res.status).toBe(402);
    expect(await res.text()).toContain('Your card was declined.');
    expect((await orderByCode(t.database.db, code)).status).toBe('pending');
    expect((await press(page, 'pay')).status).toBe(303);
    await expect.poll(() => statusOf(code)).toSatisfy(isPaidOrderStatus);
  });

  it('Abandon: the stock comes back, 303 to cancel_url, and the session can no longer be paid', async () => {
    const before = await stockOf(t.database.db, ship.id);
    const { code, page } = await buy(3);
    expect(await stockOf(t.database.db, ship.id)).toBe(before - 3);
    const res = await press(page, 'abandon');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${base}/shop/stripe_payment/cancel?order=${code}`);
    await expect.poll(() => statusOf(code)).toBe('failed');
    expect(await stockOf(t.database.db, ship.id)).toBe(before);
    expect((await press(page, 'pay')).status).toBe(409);
    expect((await orderByCode(t.database.db, code)).status).toBe('failed');
  });

  it('an unknown session is a 404', async () => {
    expect((await fetch(`${base}/sandbox/stripe/checkout/cs_sandbox_doesnotexist00`)).status).toBe(404);
    expect((await fetch(`${base}/sandbox/stripe/checkout/nope`)).status).toBe(404);
  });
});

describe('the sandbox is absent when Stripe is configured', () => {
  it('no /sandbox routes', async () => {
    const t = await createTestApp({
      env: { STRIPE_SECRET_KEY: 'sk_test_placeholder', STRIPE_WEBHOOK_SECRET: 'whsec_placeholder' },
    });
    try {
      expect(t.config.card.provider).toBe('stripe');
      const res = await t.app.inject({ method: 'GET', url: '/sandbox/stripe/checkout/cs_sandbox_abcdefghijkl' });
      expect(res.statusCode).toBe(404);
      expect(body(res).code).toBe('NOT_FOUND');
    } finally {
      await t.close();
    }
  });
});
