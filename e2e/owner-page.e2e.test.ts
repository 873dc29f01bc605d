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

  it('answers at /dashbroad too and fits a 360 px phone', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/dashbroad?tab=assets');
    await page.getByTestId('owner-unit').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('tab', { name: 'Affiliates' }).click();
    await page.getByText('Nobody has joined with your link yet').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
