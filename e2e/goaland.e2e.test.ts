import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { playerApi } from './fixtures/player-api.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';

type MyLands = { total: number; dailyEarn: number; accrued: number; enable: boolean; next_time: string | null };

/**
 * GOALAND with the demo land: pilot's seven Paris plots were bought two days ago, so the page
 * offers their DNC; collecting credits it once and the page then shows the next refresh.
 */
describe('GOALAND in Chromium', () => {
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

  it('opens from the menu with the API’s figures, collects the DNC once, then shows the next refresh', async () => {
    const api = playerApi(page, server.url);
    const lands = await api.get<MyLands>('/api/my/lands');
    expect(lands).toMatchObject({ total: 7, enable: true, next_time: null });
    expect(lands.accrued).toBe(lands.dailyEarn * 2);
    const dncBefore = (await api.get<{ amount: number }>('/api/marketplace/dnc/listing')).amount;

    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'GOALAND' }).click();
    await page.waitForURL((url) => url.pathname === '/my/goaland');
    await page.getByRole('heading', { name: 'GOALAND Land Staking', level: 1 }).waitFor();
    expect(await page.getByTestId('goaland-plots').textContent()).toBe('7');
    expect(await page.getByTestId('goaland-accrued').textContent()).toBe(`${lands.accrued} DNC to collect`);

    await page.getByRole('button', { name: 'Collect DNC' }).click();
    await page.getByRole('status').filter({ hasText: `Collected ${lands.accrued} DNC.` }).waitFor();
    await page.getByTestId('goaland-next-time').waitFor();
    expect((await api.get<{ amount: number }>('/api/marketplace/dnc/listing')).amount).toBe(dncBefore + lands.accrued);
    expect(await api.get<MyLands>('/api/my/lands')).toMatchObject({ enable: false, accrued: 0 });
  });

  it('fits a 360 px phone', async () => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    await page.getByTestId('goaland-row').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
