import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';
import { openWidget as openWidgetFrom } from './fixtures/widget.ts';

type ShopListing = { _id: string; name: string; stock: number; soldout: boolean };
type MarketListing = { _id: string; name: string };
/** Rare Human ships on the marketplace: none of them is bought by another case of this file. */
const RARE_HUMANS = '/api/marketplace/find?element=human&rarity=rare&limit=5';

const FAILED = "Order can't be completed. Close this window and try again.";
const UNSUCCESSFUL = 'Payment unsuccessful. Please try again.';

/**
 * The fiat-to-crypto widget in checkout against the sandbox widget (no Wert keys): the real
 * @wert-io/widget-initializer loads the sandbox page in its iframe, whose buttons play the
 * provider's outcomes and events, and the order's state comes from the server.
 */
describe('widget checkout in Chromium with the sandbox widget', () => {
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
    expect(ships.length).toBeGreaterThanOrEqual(3);

    await signIn(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function addShipToCart(ship: ShopListing) {
    await page.goto('/shop');
    const card = page.getByTestId('shop-card').filter({ has: page.locator(`a[href="/shop/${ship._id}"]`) });
    await card.getByRole('button', { name: `Add to cart: ${ship.name}` }).click();
    await page.getByTestId('cart-panel').first().getByText(ship.name).waitFor();
  }

  /** Checkout dialog → Wert → the notice → PROCEED: the widget dialog and the sandbox page in its iframe. */
  const openWidget = (checkoutButton: 'Checkout' | 'BUY NOW'): Promise<FrameLocator> =>
    openWidgetFrom(
      page,
      checkoutButton === 'Checkout'
        ? page.getByTestId('cart-panel').first().getByRole('button', { name: 'Checkout' })
        : page.getByRole('button', { name: 'BUY NOW' }),
    );

  it('the cart is paid in the widget: the purchase shows, the cart empties and the order is paid', async () => {
    await addShipToCart(ships[0]!);
    const widget = await openWidget('Checkout');
    // The iframe is the initializer's own, laid over the dialog's widget area.
    const frameBox = await page.locator('body > iframe[data-version]').boundingBox();
    const areaBox = await page.getByTestId('widget-area').boundingBox();
    expect(
      frameBox && areaBox && Math.abs(frameBox.y - areaBox.y) < 2 && Math.abs(frameBox.height - areaBox.height) < 2,
    ).toBe(true);

    await widget.getByRole('button', { name: 'Pay', exact: true }).click();
    const done = page.getByRole('dialog', { name: 'Item purchased successfully.' });
    const failed = page.getByRole('dialog', { name: 'Pay with Wert' }).getByText(FAILED);
    await done.or(failed).waitFor({ timeout: 30_000 });
    // A sandbox that could not settle the payment says why on its page: name it in the failure.
    if (await failed.count()) expect.fail(`the widget failed: ${await widget.locator('#status').textContent()}`);
    const code = await done.getByTestId('purchase-order').textContent();
    expect(code).toMatch(/^SP-/);
    await done.getByTestId('purchase-order-status').filter({ hasText: /^paid/ }).waitFor({ timeout: 30_000 });
    expect(await page.locator('body > iframe[data-version]').count()).toBe(0);
    expect(await page.getByTestId('cart-button').getAttribute('aria-label')).toBe('Cart, empty');

    await done.getByRole('link', { name: 'View order' }).click();
    await page.waitForURL((url) => url.pathname === '/my/orders');
    const row = page.getByTestId('order-row').filter({ has: page.getByTestId('order-code').getByText(code!) });
    expect(['Paid', 'Delivered']).toContain(await row.getByTestId('order-status').textContent());
  });

  it('a failed widget payment, then closing it, offers the card provider, which takes the payment', async () => {
    await addShipToCart(ships[1]!);
    const widget = await openWidget('Checkout');
    await widget.getByRole('button', { name: 'Fail' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay with Wert' });
    await dialog.getByText(FAILED).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    const retry = page.getByRole('dialog', { name: UNSUCCESSFUL });
    await retry.getByRole('button', { name: 'Ok' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/stripe/checkout/'));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/shop/stripe_payment/success');
    await page.getByText('Item purchased successfully.').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('cart-button').getAttribute('aria-label')).toBe('Cart, empty');
  });

  it('BUY NOW: the widget closing itself offers the retry, and Cancel ends checkout', async () => {
    const ship = ships[2]!;
    await page.goto(`/shop/${ship._id}`);
    const widget = await openWidget('BUY NOW');
    // The detail page's widget is taller (storefront.md §9).
    expect((await page.locator('body > iframe[data-version]').boundingBox())?.height).toBeGreaterThan(500);
    await widget.getByRole('button', { name: 'Close' }).click();
    const retry = page.getByRole('dialog', { name: UNSUCCESSFUL });
    await retry.getByRole('button', { name: 'Cancel' }).click();
    await retry.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('body > iframe[data-version]').count()).toBe(0);
  });

  it('BUY NOW on a marketplace ship: paid in the widget, the purchase shows and the ship leaves the marketplace', async () => {
    const marketIds = async () =>
      ((await (await fetch(`${server.url}${RARE_HUMANS}`)).json()) as { data: MarketListing[] }).data.map((l) => l._id);
    const found = (await (await fetch(`${server.url}${RARE_HUMANS}`)).json()) as { data: MarketListing[] };
    const listing = found.data[0]!;
    expect(listing).toBeDefined();
    await page.goto(`/detail/${listing._id}`);
    await page.getByRole('heading', { name: listing.name, level: 1 }).waitFor();

    const widget = await openWidget('BUY NOW');
    // The marketplace page gets the item page's taller widget (storefront.md §9).
    expect((await page.locator('body > iframe[data-version]').boundingBox())?.height).toBeGreaterThan(500);
    await widget.getByRole('button', { name: 'Pay', exact: true }).click();
    const done = page.getByRole('dialog', { name: 'Item purchased successfully.' });
    const failed = page.getByRole('dialog', { name: 'Pay with Wert' }).getByText(FAILED);
    await done.or(failed).waitFor({ timeout: 30_000 });
    if (await failed.count()) expect.fail(`the widget failed: ${await widget.locator('#status').textContent()}`);
    expect(await done.getByTestId('purchase-order').textContent()).toMatch(/^SP-/);
    await done.getByTestId('purchase-order-status').filter({ hasText: /^paid/ }).waitFor({ timeout: 30_000 });
    expect(await page.locator('body > iframe[data-version]').count()).toBe(0);

    // Sold: gone from the marketplace, and its page no longer sells it.
    expect(await marketIds()).not.toContain(listing._id);
    await page.goto(`/detail/${listing._id}`);
    await page.getByRole('heading', { name: listing.name, level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'BUY NOW' }).isDisabled()).toBe(true);
  });
});
