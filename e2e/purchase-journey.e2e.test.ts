import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../apps/web/src/config/paths.ts';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { playerApi } from './fixtures/player-api.ts';
import { signIn } from './fixtures/sign-in.ts';

type ShopListing = { _id: string; name: string; stock: number; soldout: boolean };
type ApiOpening = { order_code: string; nonce: number; roll: number; rarity: number; ship: { name: string } };

const RARITY = ['Common', 'Rare', 'Epic', 'Legendary'];

/**
 * Issue 4's journey, end to end on the embedded defaults with no payment keys: browse the shop,
 * fill the cart up to the volume discount, pay by card in the sandbox, read the result page,
 * find the order delivered in My Orders, and check the blind box it opened with the seed the
 * player was shown before buying, revealed by rotating it.
 */
describe('purchase journey in Chromium: shop → cart → discount → card sandbox → delivered → verified opening', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  const api = () => playerApi(page, server.url);

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
    await signIn(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('buys two ships and a blind box at 5% off, and the box it opened verifies against the published hash', async () => {
    // Before buying: the hash of the server seed that will open the box is on /fairness.
    await page.goto(paths.fairness.getHref());
    const publishedHash = (await page.getByTestId('active-hash').textContent())!.trim();
    expect(publishedHash).toMatch(/^[0-9a-f]{64}$/);

    // Browse: the shop, as a player reaches it from the header.
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Shop', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/shop');
    const listing = (await (await fetch(`${server.url}/api/shop/find`)).json()) as { data: ShopListing[] };
    const [a, b] = listing.data.filter((s) => !s.soldout && s.stock > 0);
    expect(b).toBeDefined();
    const card = (id: string) => page.getByTestId('shop-card').filter({ has: page.locator(`a[href="/shop/${id}"]`) });
    for (const ship of [a!, b!]) {
      await card(ship._id).getByRole('button', { name: `Add to cart: ${ship.name}` }).click();
      await card(ship._id).getByText('1 in your cart').waitFor();
    }
    const promo = page.getByTestId('blind-box-promo');
    await promo.getByRole('button', { name: /^Add to cart: / }).click();
    await promo.getByText('1 in your cart').waitFor();

    // The discount, as the server prices it: three items reach the 5% tier.
    const panel = page.getByTestId('cart-panel').first();
    await panel.getByText('Volume discount (5%)').waitFor();

    // Pay by card on the sandbox's hosted page.
    await panel.getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('dialog', { name: 'Checkout' }).getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/stripe/checkout/'));
    await page.getByRole('button', { name: /^Pay / }).click();

    // The result page reads the order the webhook settled.
    await page.waitForURL((url) => url.pathname === '/shop/stripe_payment/success');
    const code = new URL(page.url()).searchParams.get('order')!;
    expect(code).toMatch(/^SP-/);
    await page.getByText('Item purchased successfully.').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('card-result-line').count()).toBe(3);

    // My Orders: the order is delivered once the fulfilment job has run, with the two ships.
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'My Orders' }).click();
    await page.waitForURL((url) => url.pathname === paths.myOrders.path);
    const row = page.getByTestId('order-row').filter({ hasText: code });
    await api().waitForOrder(code, 'fulfilled');
    await page.reload();
    await row.getByTestId('order-status').filter({ hasText: 'Delivered' }).waitFor();
    const lines = await row.getByTestId('order-line').allTextContents();
    expect(lines).toEqual(expect.arrayContaining([`${a!.name} × 1`, `${b!.name} × 1`]));
    expect(lines).toHaveLength(3);

    // The box was opened with the published pair: rotating reveals it, and the verifier agrees.
    const openings = (await api().get<{ data: ApiOpening[] }>('/api/fairness/openings')).data.filter((o) => o.order_code === code);
    expect(openings).toHaveLength(1);
    const opening = openings[0]!;
    await page.goto(paths.fairness.getHref());
    const openingRow = page.getByTestId('opening-row').filter({ hasText: code });
    await openingRow.waitFor();
    expect(await openingRow.getByTestId('opening-rarity').textContent()).toBe(RARITY[opening.rarity]);
    expect(await openingRow.getByTestId('opening-roll').textContent()).toBe(String(opening.roll));

    await page.getByTestId('seed-panel').getByRole('button', { name: 'Rotate seed' }).click();
    await page.getByRole('dialog', { name: 'Rotate seed' }).getByRole('button', { name: 'Rotate seed' }).click();
    const revealed = page.getByTestId('revealed-seed');
    await revealed.waitFor();
    expect(await revealed.getByText(publishedHash).count()).toBe(1);
    expect(await page.getByTestId('active-hash').textContent()).not.toBe(publishedHash);

    await page.getByRole('link', { name: 'Verify the last box of this pair' }).click();
    await page.waitForURL((url) => url.pathname === paths.fairnessVerify.path);
    const result = page.getByTestId('verify-result');
    await result.waitFor();
    expect(await result.getByTestId('verify-hash').getAttribute('data-matches')).toBe('true');
    expect(await result.getByTestId('verify-roll').textContent()).toBe(String(opening.roll));
    expect(await result.getByTestId('verify-rarity').textContent()).toBe(RARITY[opening.rarity]);
  });

  it('buys a ship listed on the marketplace from its page: it leaves the marketplace and is delivered', async () => {
    type Listing = { _id: string; name: string; seller?: unknown };
    const found = (await (await fetch(`${server.url}/api/marketplace/find?element=alien&rarity=rare&limit=5`)).json()) as {
      data: Listing[];
    };
    const listing = found.data[0]!;
    await page.goto(`/detail/${listing._id}`);
    await page.getByRole('heading', { name: listing.name, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'BUY NOW' }).click();
    await page.getByRole('dialog', { name: 'Checkout' }).getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox/stripe/checkout/'));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/shop/stripe_payment/success');
    const code = new URL(page.url()).searchParams.get('order')!;
    await page.getByText('Item purchased successfully.').waitFor({ timeout: 30_000 });

    // Sold: no longer on the marketplace, and its page says it is not for sale.
    const after = (await (await fetch(`${server.url}/api/marketplace/find?element=alien&rarity=rare&limit=5`)).json()) as {
      data: Listing[];
    };
    expect(after.data.map((l) => l._id)).not.toContain(listing._id);
    await page.goto(`/detail/${listing._id}`);
    expect(await page.getByRole('button', { name: 'BUY NOW' }).isDisabled()).toBe(true);

    await page.goto(paths.myOrders.getHref());
    const row = page.getByTestId('order-row').filter({ hasText: code });
    await row.getByTestId('order-status').filter({ hasText: /^(Paid|Delivered)$/ }).waitFor();
    expect(await row.getByTestId('order-line').allTextContents()).toEqual([`${listing.name} × 1`]);
  });
});
