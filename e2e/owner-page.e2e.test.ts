import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { playerApi } from './fixtures/player-api.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';

type MyRef = { code: string | null; total: number; received: number };
type MyAssets = { total: number; data: { name: string; pieces: number; item: { apart_label?: string; apr_bps?: number; total_pieces?: number } }[] };

/**
 * The owner page of the demo pilot (an e-mail account, so no referral link until a wallet is
 * linked): opened from the profile menu, its figures are the API's, its tabs work by keyboard,
 * and it fits a 360 px phone.
 */
describe('the owner page in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

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

  it('opens from the menu with the referral figures of the API and the unit pieces on My Asset', async () => {
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Owner page' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { name: 'Owner page', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toMatch(/^Owner page/);

    const api = playerApi(page, server.url);
    const ref = await api.get<MyRef>('/api/my/ref');
    expect(ref.code).toBeNull();
    await page.getByTestId('referral-link').getByRole('link', { name: 'Link a wallet' }).waitFor();
    await expect.poll(() => page.getByTestId('referral-received-amount').textContent()).toBe(`$${ref.received.toFixed(3)}`);
    await page.getByText('Nobody has joined with your link yet').waitFor();

    // The tabs take one Tab stop; the arrow key moves to My Asset and the address follows.
    await page.getByRole('tab', { name: 'Affiliates' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.searchParams.get('tab') === 'assets');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('My Asset');

    const units = await api.get<MyAssets>('/api/my/assets?kind=house_unit');
    expect(units.total).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('owner-unit').count()).toBe(units.data.length);
    const first = units.data[0]!;
    const card = page.getByTestId('owner-unit').first();
    expect(await card.getByTestId('owner-unit-apartments').textContent()).toBe(first.item.apart_label);
    expect(await card.getByTestId('owner-unit-apr').textContent()).toBe(`${first.item.apr_bps! / 100}%`);
    expect(await card.getByTestId('owner-unit-pieces').textContent()).toBe(`${first.pieces} of ${first.item.total_pieces}`);
  });

  it('shows a redeemed code in History, linked to its page, as the API lists it', async () => {
    await page.goto('/my/redeem');
    await page.getByLabel('Code', { exact: true }).fill('WELCOME-DNC');
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Code redeemed: you received 1,000 DNC.' }).waitFor();

    await page.goto('/dashboard?tab=history');
    const history = await playerApi(page, server.url).get<{ data: { title: string; link: string }[] }>('/api/my/history');
    expect(history.data[0]).toMatchObject({ title: 'You redeemed a code for 1,000 DNC', link: '/my/redeem' });
    const newest = page.getByTestId('history-entry').first();
    await newest.getByRole('link', { name: 'You redeemed a code for 1,000 DNC' }).waitFor();
    expect(await newest.getByTestId('history-amount').textContent()).toBe('+1,000 DNC');
    await expect.poll(() => page.getByTestId('history-entry').count()).toBe(history.data.length);
  });

  it('sells DNC from the owner page: the dialog lists it, says so, and gives focus back to Sell DNC', async () => {
    await page.goto('/dashboard');
    const sell = page.getByRole('button', { name: 'Sell DNC' });
    await sell.click();
    const dialog = page.getByRole('dialog', { name: 'List DNC for sale' });
    await dialog.getByText(/^You have [\d,]+ DNC free to list/).waitFor();
    await dialog.getByLabel('DNC to sell').fill('100');
    await dialog.getByLabel('Price for the lot (USD)').fill('5');
    await dialog.getByRole('button', { name: 'List DNC' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').getByRole('link', { name: 'See your DNC on sale' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Sell DNC');
    const listings = await playerApi(page, server.url).get<{ data: { kind: string; dnc_amount: number | null }[] }>('/api/my/listings?kind=dnc');
    expect(listings.data.some((l) => l.dnc_amount === 100)).toBe(true);
  });

  it('answers at /dashbroad too and fits a 360 px phone', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/dashbroad?tab=assets');
    await page.getByTestId('owner-unit').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('tab', { name: 'Affiliates' }).click();
    await page.getByText('Nobody has joined with your link yet').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByTestId('history-entry').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
