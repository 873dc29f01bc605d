import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './fixtures/axe.ts';
import { launchBrowser } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';

type Listing = { _id: string; name: string };
/** The rules the detail pages broke (issue 15, item 8), and contrast, which they must keep. */
const RULES = ['nested-interactive', 'label-content-name-mismatch', 'color-contrast'];

describe('unit and Legendary ship pages under axe in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const find = async (query: string) =>
    ((await (await fetch(`${server.url}/api/marketplace/find?${query}`)).json()) as { data: Listing[] }).data;

  beforeAll(async () => {
    // With a contract configured the unit page shows its explorer link, which is under test.
    server = await startServer({ UNITS_CONTRACT_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3', CHAIN_EXPLORER_URL: 'https://explorer.example' });
    browser = await launchBrowser();
    // The app's CSP rightly refuses injected scripts; only this test's context lets axe in.
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 }, bypassCSP: true });
    page = await context.newPage();
    page.setDefaultTimeout(30_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a unit page, its price chart drawn and its contract linked, has no nested controls and names links by their text', async () => {
    const [unit] = await find('kind=house_unit&limit=1');
    await page.goto(`/market/${unit!._id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('.price-history__chart canvas').first().waitFor();
    await page.locator('[data-field="contract"] a').waitFor();
    expect(await axeViolations(page, page.url(), RULES)).toEqual([]);
  });

  it('a Legendary ship page, its chart and 3D view loaded, has no nested controls', async () => {
    const [legendary] = await find('rarity=legendary&limit=1');
    await page.goto(`/detail/${legendary!._id}`);
    await page.getByRole('heading', { level: 1, name: legendary!.name }).waitFor();
    await page.locator('.ship-viewer').scrollIntoViewIfNeeded();
    await page.locator('.ship-viewer[data-state="ready"], .ship-viewer[data-state="unsupported"]').waitFor();
    await page.locator('.price-history__chart canvas, .price-history__empty').first().waitFor();
    expect(await axeViolations(page, page.url(), RULES)).toEqual([]);
  });
});
