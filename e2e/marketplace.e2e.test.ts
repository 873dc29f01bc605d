import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';

type Listing = { _id: string; name: string; sell_price: number; item: Record<string, unknown> };

describe('marketplace in Chromium on the demo catalogue', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('filters by element and rarity into the URL, pages forward and back, and opens a ship whose stats match the API', async () => {
    await page.goto('/market');
    await page.getByRole('heading', { name: /Marketplace · [\d,]+ items/ }).waitFor();

    await page.getByRole('checkbox', { name: 'Human' }).click();
    await page.waitForURL((url) => url.search === '?element=human');
    await page.getByRole('checkbox', { name: 'Epic' }).click();
    await page.waitForURL((url) => url.search === '?element=human&rarity=epic');
    const api = (await (await fetch(`${server.url}/api/marketplace/find?element=human&rarity=epic&limit=20`)).json()) as {
      total: number;
      data: Listing[];
    };
    expect(api.total).toBeGreaterThan(20);
    await page.getByRole('heading', { name: `Marketplace · ${api.total.toLocaleString('en-US')} items` }).waitFor();
    await page.getByRole('heading', { name: api.data[0]!.name }).first().waitFor();

    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.getByRole('button', { name: 'Page 2' }).and(page.locator('[aria-current="page"]')).waitFor();
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('page'));
    await page.getByRole('heading', { name: api.data[0]!.name }).first().waitFor();

    const first = api.data[0]!;
    await page.getByRole('link', { name: first.name }).first().click();
    await page.waitForURL((url) => url.pathname === `/detail/${first._id}`);
    await page.getByRole('heading', { name: first.name, level: 1 }).waitFor();
    for (const key of ['health', 'healing', 'gun_damage', 'rocket_damage', 'defense', 'afterburner', 'rocket_fire_rate']) {
      const shown = await page.locator(`[data-stat="${key}"] dd`).textContent();
      expect(shown?.replace(/[^\d]/g, '')).toBe(String(first.item[key]));
    }
    const recharge = await page.locator('[data-stat="rocket_recharge_time"] dd').textContent();
    expect(recharge?.replace(/[^\d]/g, '')).toBe(String(first.item.rocket_recharge_time));

    await page.getByRole('button', { name: 'BUY NOW' }).click();
    await page.getByText('To initiate payment process, please log into your account.').waitFor();
  });

  it('opens a DNC pack from its card and shows what it credits at the API price', async () => {
    const packs = (await (await fetch(`${server.url}/api/marketplace/find?element=dnc&limit=20`)).json()) as { data: Listing[] };
    const pack = packs.data[0]!;
    await page.goto('/market?element=dnc');
    await page.getByRole('link', { name: pack.name }).first().click();
    await page.waitForURL((url) => url.pathname === `/detail/${pack._id}`);
    await page.getByRole('heading', { name: pack.name, level: 1 }).waitFor();
    const credited = await page.locator('[data-stat="dnc_amount"] dd').textContent();
    expect(credited?.replace(/[^\d]/g, '')).toBe(String(pack.item.dnc_amount));
    const price = await page.locator('.ship-detail__price').textContent();
    expect(Number(price?.replace(/[^\d.]/g, ''))).toBeCloseTo(pack.sell_price, 3);
  });

  it('an invalid price filter tells the player, not only the log', async () => {
    await page.goto('/market?price_from=abc');
    await page.getByRole('alert').filter({ hasText: 'could not be loaded' }).waitFor();
  });
});
