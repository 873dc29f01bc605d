import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';

type ShopListing = { _id: string; name: string; sell_price: number; stock: number; item: Record<string, unknown> };
type ShopPage = { total: number; data: ShopListing[] };

const count = (n: number) => n.toLocaleString('en-US');
/** Card prices: "$" and whole dollars (storefront.md §9, docs/decisions/0028). */
const wholeDollars = (usd: number) => `$${count(Math.round(usd))}`;

describe('shop in Chromium on the demo catalogue', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const api = async <T>(path: string): Promise<T> => (await (await fetch(`${server.url}${path}`)).json()) as T;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the blind-box promo at $250 and its odds to two decimals, as the API publishes them', async () => {
    await page.goto('/shop');
    const all = await api<ShopPage>('/api/shop/find');
    await page.getByRole('heading', { name: `Shop · ${count(all.total)} items`, level: 1 }).waitFor();
    const promo = page.getByTestId('blind-box-promo');
    expect(await promo.getByTestId('blind-box-price').textContent()).toMatch(/^\$250/);

    await promo.getByRole('button', { name: 'View probability' }).click();
    const dialog = page.getByRole('dialog', { name: 'Blind box probability' });
    await dialog.waitFor();
    const { chance } = await api<{ chance: Record<'common' | 'rare' | 'epic' | 'legend', number> }>('/api/my/blindboxs/chance');
    for (const key of ['common', 'rare', 'epic', 'legend'] as const) {
      await dialog.locator(`[data-odds="${key}"] dd`).filter({ hasText: `${chance[key].toFixed(2)}%` }).waitFor();
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('filters by element and rarity into the URL, and opens an item whose price and stats match the API', async () => {
    await page.goto('/shop');
    await page.getByRole('checkbox', { name: 'Alien' }).click();
    await page.waitForURL((url) => url.searchParams.get('element') === 'alien');
    await page.getByRole('checkbox', { name: 'Rare' }).click();
    await page.waitForURL((url) => url.searchParams.get('rarity') === 'rare');
    const filtered = await api<ShopPage>('/api/shop/find?element=alien&rarity=rare');
    expect(filtered.total).toBeGreaterThan(0);
    await page.getByRole('heading', { name: new RegExp(`^Shop · ${count(filtered.total)} items?$`), level: 1 }).waitFor();
    const first = filtered.data[0]!;
    const card = page.getByTestId('shop-card').filter({ has: page.getByRole('heading', { name: first.name }) }).first();
    await card.getByText(wholeDollars(first.sell_price)).waitFor();

    await card.getByRole('link', { name: first.name }).click();
    await page.waitForURL((url) => url.pathname === `/shop/${first._id}`);
    await page.getByRole('heading', { name: first.name, level: 1 }).waitFor();
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('link', { name: 'Shop' }).waitFor();
    for (const key of ['health', 'healing', 'gun_damage', 'rocket_damage', 'defense', 'afterburner', 'rocket_fire_rate', 'rocket_recharge_time']) {
      const shown = await page.locator(`[data-stat="${key}"] dd`).textContent();
      expect(shown?.replace(/[^\d]/g, ''), key).toBe(String(first.item[key]));
    }
    await page.getByRole('button', { name: 'BUY NOW' }).click();
    await page.getByText('To initiate payment process, please log into your account.').waitFor();

    // Back returns to the filtered list, filters still ticked.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/shop' && url.searchParams.get('element') === 'alien');
    expect(await page.getByRole('checkbox', { name: 'Alien' }).isChecked()).toBe(true);
  });

  it('on a 360 px phone the filters fold behind a button that says how many are set', async () => {
    const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    try {
      await p.goto('/shop?rarity=epic');
      const toggle = p.getByRole('button', { name: 'Filters (1)' });
      await toggle.waitFor();
      expect(await p.getByRole('checkbox', { name: 'Human' }).isVisible()).toBe(false);
      await toggle.click();
      await p.getByRole('checkbox', { name: 'Human' }).click();
      await p.waitForURL((url) => url.searchParams.get('element') === 'human');
      await p.getByRole('button', { name: 'Filters (2)' }).waitFor();
      // Nothing spills sideways at 360 px.
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      await phone.close();
    }
  });
});
