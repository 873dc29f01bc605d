import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';

type ShopListing = { _id: string; name: string; stock: number; soldout: boolean };

/** The shop's "$ and 3 decimals" (storefront.md §9). */
const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })}`;

/**
 * Card checkout against the sandbox provider (no Stripe keys): the checkout dialog, the
 * sandbox's hosted page, and the result page reading the order the webhook settled.
 */
describe('card checkout in Chromium with the sandbox provider', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let ships: ShopListing[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    const listing = (await (await fetch(`${server.url}/api/shop/find`)).json()) as { data: ShopListing[] };
    ships = listing.data.filter((s) => !s.soldout && s.stock > 0);
    expect(ships.length).toBeGreaterThanOrEqual(2);

    await signIn(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the cart is paid on the sandbox page; the result page shows the purchase and the cart is empty', async () => {
    const ship = ships[0]!;
    await page.goto('/shop');
    const card = page.getByTestId('shop-card').filter({ has: page.locator(`a[href="/shop/${ship._id}"]`) });
    await card.getByRole('button', { name: `Add to cart: ${ship.name}` }).click();
    const promo = page.getByTestId('blind-box-promo');
    await promo.getByRole('button', { name: /^Add to cart: / }).click();
    await promo.getByText('1 in your cart').waitFor();

    const price = await fetch(`${server.url}/api/getprice`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        items: [
          { id: ship._id, object: 'spaceship', total: 1 },
          { id: 'blindbox-frontier', object: 'blindbox', total: 1 },
        ],
      }),
    });
    const total = ((await price.json()) as { data: { priceTotal: number } }).data.priceTotal;

    const panel = page.getByTestId('cart-panel').first();
    await panel.getByRole('button', { name: 'Checkout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await dialog.getByTestId('checkout-price').filter({ hasText: usd(total) }).waitFor();
    await dialog.getByRole('button', { name: 'Pay by card' }).click();

    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/stripe/checkout/'));
    await page.getByRole('button', { name: /^Pay / }).click();

    await page.waitForURL((url) => url.pathname === '/shop/stripe_payment/success');
    const code = new URL(page.url()).searchParams.get('order');
    expect(code).toMatch(/^SP-/);
    await page.getByText('Item purchased successfully.').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('card-result-code').textContent()).toBe(code);
    expect(await page.getByTestId('card-result-total').textContent()).toBe(usd(total));
    expect(await page.getByTestId('card-result-line').count()).toBe(2);
    expect(await page.getByTestId('cart-button').getAttribute('aria-label')).toBe('Cart, empty');
  });

  it('BUY NOW pays for one ship; abandoning the sandbox page shows the unsuccessful payment', async () => {
    const ship = ships[1]!;
    await page.goto(`/shop/${ship._id}`);
    await page.getByRole('button', { name: 'BUY NOW' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await dialog.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/stripe/checkout/'));
    await page.getByRole('button', { name: 'Abandon' }).click();

    await page.waitForURL((url) => url.pathname === '/shop/stripe_payment/cancel');
    await page.getByText('Payment unsuccessful. Please try again.').waitFor();
    expect(await page.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/shop');
    expect(await page.getByRole('link', { name: `Back to ${ship.name}` }).getAttribute('href')).toBe(`/shop/${ship._id}`);
  });
});
