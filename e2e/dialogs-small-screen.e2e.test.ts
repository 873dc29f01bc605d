import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';

const PHONE = { width: 360, height: 640 };
const FAILED = "Order can't be completed. Close this window and try again.";
const UNSUCCESSFUL = 'Payment unsuccessful. Please try again.';

type ShopListing = { _id: string; name: string; stock: number; soldout: boolean };

/**
 * Every dialog on a 360 × 640 phone: it fits the screen, its Close (or Cancel) is on screen
 * without scrolling the page, and Escape closes it. The widget's failure dialog is the one
 * that was taller than the window, with focus left in the widget's frame.
 */
describe('dialogs at 360 × 640 in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url, viewport: PHONE, isMobile: true, hasTouch: true });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await signIn(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** The control is wholly inside the 360 × 640 viewport, as it is (no scrolling to it). */
  async function expectOnScreen(control: Locator, what: string) {
    await control.waitFor();
    const box = await control.boundingBox();
    expect(box, what).toBeTruthy();
    const { x, y, width, height } = box!;
    expect(
      { what, x: x >= 0, y: y >= 0, right: x + width <= PHONE.width, bottom: y + height <= PHONE.height },
      what,
    ).toEqual({ what, x: true, y: true, right: true, bottom: true });
  }

  /** On a phone the shop folds the cart into one row that opens it in a drawer. */
  const openCart = () => page.getByRole('button', { name: /^View cart · / }).click();

  async function expectEscapeCloses(dialog: Locator) {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }

  it('the odds, the cart, checkout and the Wert notice: Close on screen, Escape closes', async () => {
    await page.goto('/shop');
    await page.getByTestId('blind-box-promo').getByRole('button', { name: 'View probability' }).click();
    const odds = page.getByRole('dialog', { name: 'Blind box probability' });
    await expectOnScreen(odds.getByRole('button', { name: 'Close' }), 'odds: Close');
    await expectEscapeCloses(odds);

    const listing = (await (await fetch(`${server.url}/api/shop/find`)).json()) as { data: ShopListing[] };
    const ship = listing.data.find((s) => !s.soldout && s.stock > 0)!;
    const card = page.getByTestId('shop-card').filter({ has: page.locator(`a[href="/shop/${ship._id}"]`) });
    await card.getByRole('button', { name: `Add to cart: ${ship.name}` }).click();
    await openCart();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await drawer.getByText(ship.name).waitFor();
    await expectOnScreen(drawer.getByRole('button', { name: 'Close the cart' }), 'cart: Close');
    await expectEscapeCloses(drawer);

    await openCart();
    await drawer.getByRole('button', { name: 'Checkout' }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await expectOnScreen(checkout.getByRole('button', { name: 'Cancel' }), 'checkout: Cancel');
    await expectEscapeCloses(checkout);
    // Escape closes the top dialog only: the cart it was opened from is still there.
    await drawer.getByRole('button', { name: 'Checkout' }).click();
    await checkout.getByRole('radio', { name: 'Wert (fiat-to-crypto widget)' }).check();
    await checkout.getByRole('button', { name: 'Pay with Wert' }).click();
    const notice = page.getByRole('dialog', { name: 'Wert payment' });
    await expectOnScreen(notice.getByRole('button', { name: 'PROCEED' }), 'Wert notice: PROCEED');
    await expectOnScreen(notice.getByRole('button', { name: 'Back' }), 'Wert notice: Back');
    await expectEscapeCloses(notice);
    await expectEscapeCloses(drawer);
  });

  it('the widget’s failure: Close on screen, Escape closes it from inside the widget, then the retry closes too', async () => {
    await page.goto('/shop');
    await openCart();
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await drawer.getByRole('button', { name: 'Checkout' }).click();
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByRole('radio', { name: 'Wert (fiat-to-crypto widget)' }).check();
    await checkout.getByRole('button', { name: 'Pay with Wert' }).click();
    await page.getByRole('dialog', { name: 'Wert payment' }).getByRole('button', { name: 'PROCEED' }).click();

    const dialog = page.getByRole('dialog', { name: 'Pay with Wert' });
    const widget = page.frameLocator('body > iframe[data-version]');
    await widget.getByRole('button', { name: 'Fail' }).click();
    await dialog.getByText(FAILED).waitFor();
    await expectOnScreen(dialog.getByRole('button', { name: 'Close', exact: true }), 'widget failure: Close');
    await expectOnScreen(dialog.getByRole('heading', { name: 'Pay with Wert' }), 'widget failure: title');
    // The player's last press was inside the widget's frame: Escape still closes the dialog.
    await expectEscapeCloses(dialog);

    const retry = page.getByRole('dialog', { name: UNSUCCESSFUL });
    await expectOnScreen(retry.getByRole('button', { name: 'Cancel' }), 'retry: Cancel');
    await expectOnScreen(retry.getByRole('button', { name: 'Ok' }), 'retry: Ok');
    await expectEscapeCloses(retry);
    await expectEscapeCloses(drawer);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('body > iframe[data-version]').count()).toBe(0);
  });
});
