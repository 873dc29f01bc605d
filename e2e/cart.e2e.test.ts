import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';

type ShopListing = { _id: string; name: string; stock: number; soldout: boolean };
type Line = { id: string; object: 'spaceship' | 'blindbox'; total: number };
type Summary = {
  totalsub: number; discount: number; priceTotal: number; basePrice: number;
  discountPercent: number; nextDiscount: number; missingCount: number;
};

/** The shop's "$ and 3 decimals" (storefront.md §9). */
const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })}`;
const BOX_ID = 'blindbox-frontier';

describe('cart in Chromium on the demo catalogue', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  const priceOf = async (items: Line[]): Promise<Summary> => {
    const res = await fetch(`${server.url}/api/getprice`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ items }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Summary }).data;
  };

  /** The summary once it shows the figures of the current lines (not the previous cart's). */
  const freshSummary = (panel: Locator) => panel.locator('[data-testid="cart-summary"]:not([data-stale])');
  const figure = (panel: Locator, row: string) => freshSummary(panel).locator(`[data-row="${row}"] dd`);

  const expectSummary = async (panel: Locator, s: Summary) => {
    await figure(panel, 'total').filter({ hasText: usd(s.priceTotal) }).waitFor();
    expect(await figure(panel, 'subtotal').textContent()).toBe(usd(s.totalsub));
    if (s.discountPercent > 0) expect(await figure(panel, 'discount').textContent()).toBe(`−${usd(s.discount)}`);
    else expect(await figure(panel, 'discount').count()).toBe(0);
    const struck = figure(panel, 'total').locator('s');
    if (s.basePrice > s.priceTotal) expect(await struck.textContent()).toBe(`Listed total ${usd(s.basePrice)}`);
    const nudge = panel.getByTestId('cart-nudge');
    if (s.missingCount > 0) {
      const items = `${s.missingCount} more item${s.missingCount === 1 ? '' : 's'}`;
      expect(await nudge.textContent()).toBe(`Add ${items} to get ${s.nextDiscount}% off`);
    } else expect(await nudge.count()).toBe(0);
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('two ships and a blind box reach the 5% tier with the server figures, survive a reload, and − drops a line', async () => {
    const listing = (await (await fetch(`${server.url}/api/shop/find`)).json()) as { data: ShopListing[] };
    const [a, b] = listing.data.filter((s) => !s.soldout && s.stock > 0);
    expect(b).toBeDefined();

    await page.goto('/shop');
    const card = (id: string) => page.getByTestId('shop-card').filter({ has: page.locator(`a[href="/shop/${id}"]`) });
    for (const ship of [a!, b!]) {
      await card(ship._id).getByRole('button', { name: `Add to cart: ${ship.name}` }).click();
      await card(ship._id).getByText('1 in your cart').waitFor();
    }
    const promo = page.getByTestId('blind-box-promo');
    await promo.getByRole('button', { name: /^Add to cart: / }).click();
    await promo.getByText('1 in your cart').waitFor();

    const panel = page.getByTestId('cart-panel').first();
    await panel.getByTestId('cart-line').nth(2).waitFor();
    const lines: Line[] = [
      { id: a!._id, object: 'spaceship', total: 1 },
      { id: b!._id, object: 'spaceship', total: 1 },
      { id: BOX_ID, object: 'blindbox', total: 1 },
    ];
    const three = await priceOf(lines);
    expect(three.discountPercent).toBe(5); // the default tiers: 3 items, 5% off
    await panel.getByText('Volume discount (5%)').waitFor();
    await expectSummary(panel, three);

    await page.reload();
    await panel.getByTestId('cart-line').nth(2).waitFor();
    expect(await panel.getByTestId('cart-line').count()).toBe(3);
    await expectSummary(panel, three);

    await panel.getByRole('button', { name: `Remove the last ${a!.name}` }).click();
    await panel.locator(`[data-line="spaceship:${a!._id}"]`).waitFor({ state: 'detached' });
    expect(await panel.getByTestId('cart-line').count()).toBe(2);
    const two = await priceOf(lines.slice(1));
    expect(two.discountPercent).toBe(0);
    await expectSummary(panel, two);
  });

  it('on a 360 px phone the cart is one bar above the list that opens the panel', async () => {
    const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    p.setDefaultTimeout(20_000);
    try {
      await p.goto('/shop');
      await p.getByTestId('blind-box-promo').getByRole('button', { name: /^Add to cart: / }).click();
      const bar = p.getByRole('button', { name: /^View cart · 1 item/ });
      await bar.waitFor();
      // The inline panel stays folded: the ships keep the screen.
      expect(await p.getByTestId('cart-panel').first().isVisible()).toBe(false);
      await bar.click();
      const drawer = p.getByRole('dialog', { name: 'Your cart' });
      await drawer.getByTestId('cart-line').waitFor();
      const one = await priceOf([{ id: BOX_ID, object: 'blindbox', total: 1 }]);
      await figure(drawer, 'total').filter({ hasText: usd(one.priceTotal) }).waitFor();
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });
});
