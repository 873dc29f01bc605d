import { isPaidOrderStatus } from '@starport/schemas/order-status';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths.ts';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { playerApi } from './fixtures/player-api.ts';
import { signIn } from './fixtures/sign-in.ts';

type ShopListing = { _id: string; name: string; stock: number; soldout: boolean };

/** The shop's "$ and 3 decimals" (storefront.md §9). */
const usd = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })}`;

/** What My Orders shows for each status the API can report. */
const LABELS: Record<string, string> = {
  pending: 'Pending payment',
  paid: 'Paid',
  fulfilled: 'Delivered',
  expired: 'Expired',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/**
 * My Orders against the real API and the sandbox card provider: a paid BUY NOW, an abandoned
 * payment and an order left unpaid and cancelled from the page, each checked against what
 * GET /api/orders answers for the same player.
 */
describe('my orders in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let ships: ShopListing[];

  /** The signed-in player's orders as the API sees them, with the page's own token. */
  const apiOrders = () => playerApi(page, server.url).orders();
  const apiOrder = (code: string) => playerApi(page, server.url).order(code);

  /** BUY NOW on the ship's shop page up to the sandbox's hosted checkout. */
  async function buyNowToSandbox(ship: ShopListing): Promise<void> {
    await page.goto(paths.shopItem.getHref(ship._id));
    await page.getByRole('button', { name: 'BUY NOW' }).click();
    await page.getByRole('dialog', { name: 'Checkout' }).getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/stripe/checkout/'));
  }

  /** My Orders the way a player opens it: from the profile menu. */
  async function openMyOrdersFromMenu() {
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'My Orders' }).click();
    await page.waitForURL((url) => url.pathname === paths.myOrders.path);
    await page.getByRole('heading', { name: 'My orders' }).waitFor();
  }

  const rowOf = (code: string) => page.getByTestId('order-row').filter({ hasText: code });

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

  it('a ship bought with BUY NOW is listed as paid with the total of the result page', async () => {
    const ship = ships[0]!;
    await buyNowToSandbox(ship);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/shop/stripe_payment/success');
    const code = new URL(page.url()).searchParams.get('order')!;
    expect(code).toMatch(/^SP-/);
    await page.getByText('Item purchased successfully.').waitFor({ timeout: 30_000 });
    const paidTotal = await page.getByTestId('card-result-total').textContent();

    await openMyOrdersFromMenu();
    const row = rowOf(code);
    await row.waitFor();
    const order = await apiOrder(code);
    expect(['paid', 'fulfilled']).toContain(order.status);
    // Paid and delivered may follow each other quickly: the page shows what the API says now.
    await row.getByTestId('order-status').filter({ hasText: /^(Paid|Delivered)$/ }).waitFor();
    expect(await row.getByTestId('order-total').textContent()).toBe(paidTotal);
    expect(paidTotal).toBe(usd(order.total));
    expect(await row.getByTestId('order-method').textContent()).toBe('Card');
    expect(await row.getByTestId('order-line').allTextContents()).toEqual([`${ship.name} × 1`]);
    expect(await row.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    // The newest order comes first.
    expect(await page.getByTestId('order-code').first().textContent()).toBe(code);
  });

  it('an abandoned payment shows the status the API reports, with no way to cancel it', async () => {
    const ship = ships[1]!;
    await buyNowToSandbox(ship);
    await page.getByRole('button', { name: 'Abandon' }).click();
    await page.waitForURL((url) => url.pathname === '/shop/stripe_payment/cancel');
    const code = new URL(page.url()).searchParams.get('order')!;
    await page.getByText('Payment unsuccessful. Please try again.').waitFor();

    await openMyOrdersFromMenu();
    const row = rowOf(code);
    await row.waitFor();
    const order = await apiOrder(code);
    expect(['expired', 'cancelled', 'failed']).toContain(order.status);
    expect(await row.getByTestId('order-status').textContent()).toBe(LABELS[order.status]);
    expect(await row.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
  });

  it('an order left unpaid is pending with its reservation, and the player cancels it', async () => {
    const ship = ships[2]!;
    await buyNowToSandbox(ship);
    // The player leaves the provider's page without paying.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === paths.shopItem.getHref(ship._id));

    await openMyOrdersFromMenu();
    const pending = (await apiOrders()).filter((o) => o.status === 'pending' && o.lines.some((l) => l.id === ship._id));
    expect(pending).toHaveLength(1);
    const code = pending[0]!.code;
    const row = rowOf(code);
    await row.waitFor();
    expect(await row.getByTestId('order-status').textContent()).toBe('Pending payment');
    expect(await row.getByTestId('order-expires').textContent()).toContain('Reserved for you until');

    await row.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel order' });
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByTestId('order-status').filter({ hasText: 'Cancelled' }).waitFor();
    expect(await row.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    expect((await apiOrder(code)).status).toBe('cancelled');
  });

  it('a declined card leaves the order pending: Continue payment goes back to its checkout page and pays it', async () => {
    const ship = ships[0]!;
    await buyNowToSandbox(ship);
    const checkoutPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByText('Your card was declined.').waitFor();
    await page.goto(paths.myOrders.getHref());
    const pending = (await apiOrders()).filter((o) => o.status === 'pending' && o.lines.some((l) => l.id === ship._id));
    expect(pending).toHaveLength(1);
    const code = pending[0]!.code;
    const before = (await apiOrders()).length;

    await rowOf(code).getByRole('button', { name: 'Continue payment' }).click();
    // The same order's own checkout page, not a new order.
    await page.waitForURL((url) => url.pathname === checkoutPath);
    expect((await apiOrders()).length).toBe(before);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/shop/stripe_payment/success');
    expect(new URL(page.url()).searchParams.get('order')).toBe(code);
    await page.getByText('Item purchased successfully.').waitFor({ timeout: 30_000 });
    // Any paid status: fulfilment may already have run.
    expect(isPaidOrderStatus((await apiOrder(code)).status)).toBe(true);
  });

  it('fits a 360 px phone without sideways scrolling', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(paths.myOrders.getHref());
    await page.getByTestId('order-row').first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
