import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { adopted } from './fixtures/page-ready.ts';
import { signIn } from './fixtures/sign-in.ts';

const SCREENS = [
  { name: 'desktop', viewport: { width: 1366, height: 768 }, phone: false },
  { name: 'phone', viewport: { width: 360, height: 640 }, phone: true },
] as const;

type ShopListing = { _id: string; name: string; stock: number; soldout: boolean };

/** Pressed from the keyboard, as the players this is for do: focus, then Enter. */
async function pressWithKeyboard(control: Locator) {
  await control.focus();
  await control.press('Enter');
}

const hasFocus = (control: Locator) => control.evaluate((element) => element === document.activeElement);

async function expectFocusOn(control: Locator) {
  await expect.poll(() => hasFocus(control)).toBe(true);
}

/**
 * WCAG 2.4.3: closing a dialog puts focus back on what opened it, at 1366 px and at 360 px.
 * Radix does that only for its own trigger and our dialogs open from state, so focus used to
 * fall to <body>: 65 Shift+Tab back to the cart button.
 */
describe.each(SCREENS)('focus after a dialog closes, $name', ({ viewport, phone }) => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.url, viewport, isMobile: phone, hasTouch: phone });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function closeWithEscape(dialog: Locator) {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }

  it('Connect wallet: back on the button, with Cancel and with Escape (the phone menu stays open under it)', async () => {
    await page.goto('/');
    // Focus return is the subject here: the landing is prerendered, and presses before the app
    // has adopted it are another test's (a press lost there once timed this one out in CI).
    await adopted(page);
    const connect = page.getByTestId('header-connect-wallet');
    const dialog = page.getByRole('dialog', { name: 'Connect wallet' });
    const openDialog = async () => {
      if (phone && !(await connect.isVisible())) await page.getByTestId('header-menu').click();
      await pressWithKeyboard(connect);
      await dialog.waitFor();
    };

    await openDialog();
    await pressWithKeyboard(dialog.getByRole('button', { name: 'Cancel' }));
    await dialog.waitFor({ state: 'detached' });
    await expectFocusOn(connect);

    await openDialog();
    await closeWithEscape(dialog);
    // Escape belongs to the dialog: on a phone the menu that holds the button stays open.
    await expectFocusOn(connect);
  });

  it('the blind box odds: back on View probability', async () => {
    await page.goto('/shop');
    const view = page.getByTestId('blind-box-promo').getByRole('button', { name: 'View probability' });
    await pressWithKeyboard(view);
    await closeWithEscape(page.getByRole('dialog', { name: 'Blind box probability' }));
    await expectFocusOn(view);

    await pressWithKeyboard(view);
    const odds = page.getByRole('dialog', { name: 'Blind box probability' });
    await odds.getByRole('button', { name: 'Close' }).click();
    await odds.waitFor({ state: 'detached' });
    await expectFocusOn(view);
  });

  it('the cart, and checkout over it: Escape goes back into the cart, then to what opened it', async () => {
    await signIn(page);
    await page.goto('/shop');
    const listing = (await (await fetch(`${server.url}/api/shop/find`)).json()) as { data: ShopListing[] };
    const ship = listing.data.find((s) => !s.soldout && s.stock > 0)!;
    const card = page.getByTestId('shop-card').filter({ has: page.locator(`a[href="/shop/${ship._id}"]`) });
    await card.getByRole('button', { name: `Add to cart: ${ship.name}` }).click();

    const cartButton = page.getByTestId('cart-button');
    const bar = page.getByRole('button', { name: /^View cart · / });
    const openers = phone ? [bar, cartButton] : [cartButton];
    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    for (const opener of openers) {
      await pressWithKeyboard(opener);
      await drawer.getByText(ship.name).waitFor();
      await closeWithEscape(drawer);
      await expectFocusOn(opener);
    }

    const opener = openers[0]!;
    await pressWithKeyboard(opener);
    const checkoutButton = drawer.getByRole('button', { name: 'Checkout' });
    await pressWithKeyboard(checkoutButton);
    const checkout = page.getByRole('dialog', { name: 'Checkout' });
    await checkout.waitFor();
    await closeWithEscape(checkout);
    await expectFocusOn(checkoutButton);

    await pressWithKeyboard(checkoutButton);
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await checkout.waitFor({ state: 'detached' });
    await expectFocusOn(checkoutButton);

    await closeWithEscape(drawer);
    await expectFocusOn(opener);
  });
});
