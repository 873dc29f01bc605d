import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './fixtures/browser.ts';
import { expectFocusOn, tabTo } from './fixtures/keyboard.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';

/**
 * Issue 15: the storefront by keyboard alone, signed in. After each step the test says where
 * focus must be: on the new page's heading after a link, back on what opened a dialog after
 * it closes, and in the cart drawer again after the checkout opened from it.
 */
describe('keyboard journeys in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function signedInPage(viewport: { width: number; height: number }): Promise<Page> {
    const phone = viewport.width < 600;
    const context = await browser.newContext({ baseURL: server.url, viewport, isMobile: phone, hasTouch: phone });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page);
    return page;
  }

  const pageHeading = (page: Page) => page.locator('main h1').first();
  const header = (page: Page) => page.getByRole('banner');

  /**
   * From the focused `opener`: Enter opens the cart, Tab reaches its Checkout, Enter opens
   * checkout over it; Escape lands back on the drawer's Checkout, Escape again on the opener.
   */
  async function checkoutOverTheCartAndBack(page: Page, opener: Locator, openerName: string): Promise<void> {
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await drawer.waitFor();
    const drawerCheckout = drawer.getByRole('button', { name: 'Checkout' });
    await tabTo(page, drawerCheckout, 'Checkout in the cart drawer');
    await page.keyboard.press('Enter');
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.waitFor();
    await page.keyboard.press('Escape');
    await checkout.waitFor({ state: 'detached' });
    await expectFocusOn(page, drawerCheckout, 'Checkout in the cart drawer, under the dialog it opened');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    await expectFocusOn(page, opener, `${openerName}, which opened the cart`);
  }

  it('header → marketplace → item → BUY NOW → checkout → close, at 1366 px', async () => {
    const page = await signedInPage({ width: 1366, height: 900 });
    await page.goto('/');
    await pageHeading(page).waitFor();

    await tabTo(page, header(page).getByRole('link', { name: 'Marketplace', exact: true }), 'the header’s Marketplace link');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/market');
    await expectFocusOn(page, pageHeading(page), 'the marketplace’s heading');

    const firstItem = page.locator('main a[href^="/detail/"]').first();
    const href = await firstItem.getAttribute('href');
    await tabTo(page, firstItem, 'the first item of the marketplace');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === href);
    await expectFocusOn(page, pageHeading(page), 'the item’s heading');

    const buyNow = page.getByRole('button', { name: 'BUY NOW' });
    await tabTo(page, buyNow, 'BUY NOW');
    await page.keyboard.press('Enter');
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.waitFor();
    expect(await checkout.evaluate((dialog) => dialog.contains(document.activeElement)), 'focus is in the dialog').toBe(true);
    await page.keyboard.press('Escape');
    await checkout.waitFor({ state: 'detached' });
    await expectFocusOn(page, buyNow, 'BUY NOW, which opened checkout');
  });

  it('header → shop → add to cart → cart → checkout over the cart → close both, at 1366 px', async () => {
    const page = await signedInPage({ width: 1366, height: 900 });
    await page.goto('/');
    await pageHeading(page).waitFor();

    await tabTo(page, header(page).getByRole('link', { name: 'Shop', exact: true }), 'the header’s Shop link');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/shop');
    await expectFocusOn(page, pageHeading(page), 'the shop’s heading');

    const add = page.getByTestId('shop-card').getByRole('button', { name: /^Add to cart: / }).first();
    await tabTo(page, add, 'the first ship’s Add to cart');
    await page.keyboard.press('Enter');
    const cartButton = header(page).getByRole('button', { name: 'Cart, 1 item' });
    await cartButton.waitFor();
    await expectFocusOn(page, add, 'Add to cart, which stays where the player is');

    await tabTo(page, cartButton, 'the header’s cart button', { back: true, max: 80 });
    await checkoutOverTheCartAndBack(page, cartButton, 'the header’s cart button');
  });

  it('shop → "View cart" bar → checkout over the cart → close both, at 360 px', async () => {
    const page = await signedInPage({ width: 360, height: 740 });
    await page.goto('/shop');
    await pageHeading(page).waitFor();

    const add = page.getByTestId('shop-card').getByRole('button', { name: /^Add to cart: / }).first();
    await tabTo(page, add, 'the first ship’s Add to cart');
    await page.keyboard.press('Enter');
    const viewCart = page.getByRole('button', { name: /^View cart · 1 item/ });
    await tabTo(page, viewCart, 'the "View cart" bar', { back: true });
    await checkoutOverTheCartAndBack(page, viewCart, 'the "View cart" bar');
  });
});
