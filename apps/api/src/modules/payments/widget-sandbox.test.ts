import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { eventKinds, openSale, orderByCode, shopLine, stockOf, USD } from './payments.fixtures.ts';
import type { WidgetSession } from '@starport/schemas';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });

/** The address WertWidget (@wert-io/widget-initializer 7) loads: origin/partner_id/widget?options. */
function embedUrl(s: WidgetSession, extra: Record<string, string> = {}): string {
  const options: Record<string, string | number> = {
    click_id: s.click_id,
    ...s.signedData,
    widget_layout_mode: 'Modal',
    ...extra,
  };
  const query = Object.entries(options)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
  return `${s.origin}/${s.partnerID}/widget?${query}`;
}

describe('the sandbox widget, over real HTTP', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  let ship: { id: string; name: string };

  const start = async (total = 1): Promise<WidgetSession> => {
    const res = await fetch(`${base}/api/shop_payment/wertio`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(token) },
      body: JSON.stringify({ ids: [{ id: ship.id, total, object: 'spaceship' }] }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: WidgetSession }).data;
  };
  /** What the page's script sends to settle a payment: the click_id and the signed options. */
  const press = (action: 'pay' | 'fail', s: WidgetSession, tamper: Record<string, unknown> = {}) =>
    fetch(`${base}/sandbox/wert/api/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        click_id: s.click_id,
        ...s.signedData,
        commodity_amount: String(s.signedData.commodity_amount),
        ...tamper,
      }),
    });

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ env: { PUBLIC_URL: base } });
    await t.app.listen({ host: '127.0.0.1', port });
    await t.createUser({ username: 'sandboxer', password: 'sandboxer-password-1' });
    token = (await t.login('sandboxer', 'sandboxer-password-1')).access_token;
    ship = await shopLine(t.database.db, 10, 75n * USD, 'Quasar <Cutter>');
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  it('renders the order as a payment page: banner, escaped items, USD amounts, the five buttons, no inline script', async () => {
    const s = await start(2);
    expect(s.origin).toBe(`${base}/sandbox/wert`);
    const res = await fetch(embedUrl(s));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await res.text();
    expect(html).toContain('Sandbox — no real money');
    expect(html).toContain(s.tid);
    expect(html).toContain('Quasar &lt;Cutter&gt;');
    expect(html).toContain('$75.00');
    expect(html).toMatch(/id="total">\$150\.00</);
    expect(html).toContain('data-state="ready"');
    // The ids its payment-status events carry, Wert's order id first.
    expect(html).toMatch(/data-wert-order-id="sbx_[0-9a-f]{26}" data-payment-id="sbx_pay_[0-9a-f]{26}"/);
    for (const name of ['Pay', 'Leave pending', 'Fail', 'Error', 'Close'])
      expect(html).toMatch(new RegExp(`<button type="button"[^>]*>${name}</button>`));
    expect(html).not.toMatch(/<button[^>]*disabled/);
    // One script, from this origin, with no inline code.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<script src="../widget.js"></script>');
    expect(html).not.toMatch(/ on[a-z]+=/i);
  });

  it('refuses a request whose signature does not verify: error state, no payable buttons', async () => {
    const s = await start();
    for (const bad of [
      embedUrl({ ...s, signedData: { ...s.signedData, commodity_amount: 0.01 } }),
      embedUrl({
        ...s,
        signedData: {
          ...s.signedData,
          signature: s.signedData.signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')),
        },
      }),
      embedUrl(s).replace('signature=', 'nosignature='),
    ]) {
      const res = await fetch(bad);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain('data-state="error"');
      expect(html).toContain('role="alert"');
      expect(html).toMatch(/data-error-name="Invalid(Signature|Request)"/);
      expect(html).toMatch(/<button type="button" class="pay" data-action="pay" disabled>Pay<\/button>/);
      expect(html).not.toContain(s.tid);
    }
    // Another partner id, or a signed request naming another order's click_id.
    const other = await start();
    expect((await fetch(embedUrl(s).replace('/starport-sandbox/', '/someone-else/'))).status).toBe(400);
    const swapped = await fetch(embedUrl({ ...s, click_id: other.click_id }));
    expect(swapped.status).toBe(400);
    expect(await swapped.text()).toContain('data-state="error"');
  });

  it('serves its script and stylesheet from this origin', async () => {
    const js = await fetch(`${base}/sandbox/wert/widget.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    const code = await js.text();
    for (const type of ['loaded', 'payment-status', 'position', 'error', 'close']) expect(code).toContain(`'${type}'`);
    const css = await fetch(`${base}/sandbox/wert/widget.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });

  it('Pay: our webhook receives Wert’s events over HTTP and the order is paid, once', async () => {
    const s = await start(2);
    const res = await press('pay', s);
    expect(res.status).toBe(200);
    const b = (await res.json()) as Record<string, unknown>;
    expect(b).toMatchObject({ error: false, status: 'paid', paid: true, click_id: s.tid });
    expect(b.order_id).toMatch(/^sbx_/);
    expect(b.payment_id).toMatch(/^sbx_pay_/);
    expect(b.tx_id).toMatch(/^0x[0-9a-f]{64}$/);
    const order = await orderByCode(t.database.db, s.tid);
    expect(order.status).toBe('paid');
    // Pressed again (back button, a second tab, a lost answer): it is paid, and nothing more is sent.
    const again = await press('pay', s);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ error: false, status: 'paid', paid: true, tx_id: null });
    expect((await eventKinds(t.database.db, order.id)).filter((k) => k === 'paid')).toHaveLength(1);
    // The page now says so, and offers nothing to pay.
    const html = await (await fetch(embedUrl(s))).text();
    expect(html).toContain('This order is paid.');
    expect(html).toContain('data-state="closed"');
    // The owner reads the order as paid.
    const mine = await fetch(`${base}/api/orders/${s.tid}`, { headers: bearer(token) });
    expect(((await mine.json()) as { data: { status: string } }).data.status).toBe('paid');
  });

  it('Pay on an order fulfilment already delivered: paid (any paid status is paid), not refused', async () => {
    const s = await start(1);
    expect((await press('pay', s)).status).toBe(200);
    await t.drainJobs();
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('fulfilled');
    const res = await press('pay', s);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ error: false, status: 'fulfilled', paid: true, click_id: s.tid });
    // Fail is still refused for a paid order: it cannot be unpaid.
    expect((await press('fail', s)).status).toBe(409);
  });

  it('Fail: a signed failure event fails the order and its stock comes back', async () => {
    const before = await stockOf(t.database.db, ship.id);
    const s = await start(3);
    expect(await stockOf(t.database.db, ship.id)).toBe(before - 3);
    const res = await press('fail', s);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ error: false, status: 'failed', paid: false });
    expect(await stockOf(t.database.db, ship.id)).toBe(before);
    expect((await press('pay', s)).status).toBe(409);
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('failed');
  });

  it('a tampered request pays nothing', async () => {
    const s = await start();
    for (const tamper of [
      { commodity_amount: '0.01' },
      { signature: 'ab'.repeat(64) },
      { click_id: 'SP-0000000000' },
      { sc_input_data: '0x' },
    ]) {
      const res = await press('pay', s, tamper);
      expect(res.status, JSON.stringify(tamper)).toBe(400);
    }
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('pending');
  });
});
