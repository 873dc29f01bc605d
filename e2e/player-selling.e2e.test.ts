import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './fixtures/axe.ts';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { settled } from './fixtures/page-ready.ts';
import { playerApi } from './fixtures/player-api.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';
import { openWidget } from './fixtures/widget.ts';

const DEMO_CAPTAIN = { login: 'captain@starport.local', password: 'captain-demo-2026' };

type MyListing = { _id: string; kind: 'ship' | 'dnc'; name: string; status: string; price_micro: string; dnc_amount: number | null };
type Proceeds = { proceeds_micro: string; total: number };
type Asset = { _id: string; name: string; kind: string; item: { _id: string } };

/**
 * Issue 16's journey: pilot lists a ship and a lot of DNC from My Assets (seeing the fee and
 * what they receive), captain buys the ship by card and the DNC through the widget, pilot's
 * proceeds show and the listings are gone, and captain finds the ship in My Assets.
 */
describe('players selling to players in Chromium: list in My Assets, buy by card and widget, get paid', () => {
  let server: RunningServer;
  let browser: Browser;
  let pilot: Page;
  let captain: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page: pilot } = await newPage(browser, server.url));
    // Captain's pages are also checked by axe, which is injected past the page's CSP.
    const captainContext = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, bypassCSP: true });
    captain = await captainContext.newPage();
    captain.setDefaultTimeout(20_000);
    await signIn(pilot);
    await signIn(captain, DEMO_CAPTAIN);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  let shipListing: MyListing;
  let dncListing: MyListing;
  let shipName: string;
  let proceedsBefore: bigint;

  it('pilot lists a ship and some DNC, with the fee and the net shown before confirming', async () => {
    const api = playerApi(pilot, server.url);
    proceedsBefore = BigInt((await api.get<Proceeds>('/api/my/proceeds')).proceeds_micro);

    // My Assets from the profile menu, then the ships.
    await pilot.getByTestId('profile-menu').click();
    await pilot.getByRole('menuitem', { name: 'My Assets' }).click();
    await pilot.waitForURL((url) => url.pathname === '/my-assets');
    await pilot.getByRole('navigation', { name: 'My Assets' }).getByRole('link', { name: 'Spaceships' }).click();
    await pilot.waitForURL((url) => url.pathname === '/my-assets/spaceships');

    const card = pilot.getByTestId('asset-card').filter({ has: pilot.getByRole('button', { name: 'List for sale' }) }).first();
    shipName = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('button', { name: 'List for sale' }).click();
    await pilot.getByRole('dialog', { name: 'List for sale' }).getByRole('button', { name: 'Continue' }).click();
    const priceDialog = pilot.getByRole('dialog', { name: 'Set your price' });
    await priceDialog.getByLabel('Price (USD)').fill('200');
    await priceDialog.getByTestId('fee-preview').filter({ hasText: 'Marketplace fee (5%): $10.000 · You receive: $190.000' }).waitFor();
    await priceDialog.getByRole('button', { name: 'List for sale' }).click();
    await pilot.getByText('Your ship is listed for sale.').waitFor();

    // DNC: 1,500 for $30, $1.500 fee, $28.500 to the seller.
    await pilot.getByRole('navigation', { name: 'My Assets' }).getByRole('link', { name: 'DNC listing' }).click();
    await pilot.waitForURL((url) => url.pathname === '/my-assets/dnc-listing');
    await pilot.getByRole('button', { name: 'List DNC for sale' }).click();
    const dncDialog = pilot.getByRole('dialog', { name: 'List DNC for sale' });
    await dncDialog.getByLabel('DNC to sell').fill('1500');
    await dncDialog.getByLabel('Price for the lot (USD)').fill('30');
    await dncDialog.getByTestId('fee-preview').filter({ hasText: 'Marketplace fee (5%): $1.500 · You receive: $28.500' }).waitFor();
    await dncDialog.getByRole('button', { name: 'List DNC' }).click();
    await pilot.getByText('Your DNC is listed for sale.').waitFor();

    const active = (await api.get<{ data: MyListing[] }>('/api/my/listings?limit=100')).data;
    shipListing = active.find((l) => l.kind === 'ship' && l.name === shipName && l.price_micro === '200000000')!;
    dncListing = active.find((l) => l.kind === 'dnc' && l.dnc_amount === 1500)!;
    expect(shipListing).toBeDefined();
    expect(dncListing).toBeDefined();
  });

  it('captain buys the ship by card and the DNC through the widget', async () => {
    // The ship, by card on the sandbox's hosted page.
    await captain.goto(`/detail/${shipListing._id}`);
    await captain.getByRole('heading', { name: shipName, level: 1 }).waitFor();
    await captain.getByRole('button', { name: 'BUY NOW' }).click();
    await captain.getByRole('dialog', { name: 'Checkout' }).getByRole('button', { name: 'Pay by card' }).click();
    await captain.waitForURL((url) => url.pathname.startsWith('/sandbox/stripe/checkout/'));
    await captain.getByRole('button', { name: /^Pay / }).click();
    await captain.waitForURL((url) => url.pathname === '/shop/stripe_payment/success');
    await captain.getByText('Item purchased successfully.').waitFor({ timeout: 30_000 });
    const cardOrder = new URL(captain.url()).searchParams.get('order')!;

    // The DNC, in the sandbox widget.
    await captain.goto(`/detail/${dncListing._id}`);
    await captain.getByRole('heading', { level: 1 }).waitFor();
    const widget = await openWidget(captain, captain.getByRole('button', { name: 'BUY NOW' }));
    await widget.getByRole('button', { name: 'Pay', exact: true }).click();
    const done = captain.getByRole('dialog', { name: 'Item purchased successfully.' });
    await done.getByTestId('purchase-order-status').filter({ hasText: /^paid/ }).waitFor({ timeout: 30_000 });
    const widgetOrder = (await done.getByTestId('purchase-order').textContent())!.trim();

    const api = playerApi(captain, server.url);
    await api.waitForOrder(cardOrder, 'fulfilled');
    await api.waitForOrder(widgetOrder, 'fulfilled');
  });

  it('pilot sees the proceeds and the listings gone; captain sees the ship in My Assets', async () => {
    const api = playerApi(pilot, server.url);
    const proceeds = await api.get<Proceeds>('/api/my/proceeds');
    expect(BigInt(proceeds.proceeds_micro) - proceedsBefore).toBe(190_000_000n + 28_500_000n);

    await pilot.goto('/my-assets/spaceships-selling?view=proceeds');
    await pilot.getByTestId('proceeds-total').filter({ hasText: formatUsd(BigInt(proceeds.proceeds_micro)) }).waitFor();
    await pilot.getByTestId('proceeds-row').filter({ hasText: shipName }).waitFor();

    await pilot.goto('/my-assets/spaceships-selling');
    await pilot.getByRole('heading', { name: 'Ships and DNC on sale', level: 1 }).waitFor();
    await settled(pilot);
    const onSale = await pilot.getByTestId('listing-name').allTextContents();
    expect(onSale).not.toContain(shipName);
    const active = (await api.get<{ data: MyListing[] }>('/api/my/listings?limit=100')).data.map((l) => l._id);
    expect(active).not.toContain(shipListing._id);
    expect(active).not.toContain(dncListing._id);

    await captain.goto('/my-assets/spaceships');
    await captain.getByTestId('asset-card').filter({ hasText: shipName }).first().waitFor();
    const owned = (await playerApi(captain, server.url).get<{ data: Asset[] }>('/api/my/assets?kind=ship&limit=100')).data;
    expect(owned.map((a) => a.name)).toContain(shipName);
  });

  it('My Assets at 360 px: every page fits and passes the accessibility check', async () => {
    await captain.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/my-assets', '/my-assets/spaceships', '/my-assets/dnc-listing', '/my-assets/spaceships-selling']) {
      await captain.goto(path);
      await settled(captain);
      const overflow = await captain.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
      expect(await axeViolations(captain, `${path} at 360 px`)).toEqual([]);
    }
  });
});

/** "$218.500": the web's price text, 3 decimals and thousands grouped. */
function formatUsd(micro: bigint): string {
  const whole = (micro / 1_000_000n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${(micro % 1_000_000n).toString().padStart(6, '0').slice(0, 3)}`;
}
