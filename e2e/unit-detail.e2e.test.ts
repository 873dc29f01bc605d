import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';

type Unit = {
  _id: string;
  name: string;
  kind: string;
  sell_price: number;
  item: { name: string; apart_label: string; area_m2: number; floors: number; rooms: number; housing: number; minted_pieces: number; total_pieces: number };
  more_from_collection: Array<{ _id: string; name: string }>;
};

const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const EXPLORER = 'https://explorer.example';
const SECTIONS = ['Traits', 'Price History', 'About', 'Blockchain Details', 'More From This Collection'];
/** A unit's price as the page writes it: "$" and 3 decimals (docs/decisions/0028). */
const dollars = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 })}`;

describe('container-house unit page in Chromium on the demo catalogue', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const api = async <T>(path: string) => (await (await fetch(`${server.url}${path}`)).json()) as T;

  beforeAll(async () => {
    // A deployed contract is configured, as a later issue will do on its local chain.
    server = await startServer({ UNITS_CONTRACT_ADDRESS: ADDRESS, CHAIN_EXPLORER_URL: EXPLORER });
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens a unit from the marketplace whose figures match the API, and opens and closes every section', async () => {
    await page.goto('/market');
    await page.getByRole('heading', { name: /Marketplace · [\d,]+ items/ }).waitFor();
    const { data } = await api<{ data: Unit[] }>('/api/marketplace/find?kind=house_unit&limit=1');
    const { item: unit } = await api<{ item: Unit }>(`/api/marketplace/item/${data[0]!._id}`);
    expect(unit.kind).toBe('house_unit');

    await page.goto(`/market/${unit._id}`);
    await page.getByRole('heading', { level: 1, name: `${unit.item.name} · ${unit.item.apart_label}` }).waitFor();
    const layout = page.locator('.unit-detail__layout');
    for (const key of ['area_m2', 'floors', 'rooms', 'housing'] as const) {
      expect((await layout.locator(`[data-stat="${key}"] dd`).textContent())?.replace(/[^\d]/g, ''), key).toBe(String(unit.item[key]));
    }
    expect(await page.locator('[data-field="minted"]').textContent()).toBe(`${unit.item.minted_pieces} / ${unit.item.total_pieces} pieces minted`);
    await page.getByRole('region', { name: 'Price' }).getByText(dollars(unit.sell_price), { exact: true }).waitFor();
    expect(await page.getByRole('list', { name: 'Token' }).textContent()).toBe('ERC1155BASE');

    for (const title of SECTIONS) {
      const button = page.getByRole('button', { name: title, exact: true });
      const panel = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
      expect(await button.getAttribute('aria-expanded'), title).toBe('true');
      await expect.poll(() => panel.isVisible(), { timeout: 30_000 }).toBe(true);
      await button.click();
      expect(await button.getAttribute('aria-expanded'), title).toBe('false');
      await expect.poll(() => panel.isVisible(), { timeout: 30_000 }).toBe(false);
      await button.click();
      expect(await button.getAttribute('aria-expanded'), title).toBe('true');
    }

    // Named from its visible text first (Chromium puts a space before each hidden part's comma).
    const contract = page.getByRole('link', { name: /^0x5FbD…0aa3 ?, the contract on the block explorer ?, opens in a new tab$/ });
    expect(await contract.getAttribute('title')).toBe(ADDRESS);
    expect(await contract.getAttribute('href')).toBe(`${EXPLORER}/address/${ADDRESS}`);

    // Another unit of the collection opens on the same page.
    const other = unit.more_from_collection[0]!;
    await page.getByRole('region', { name: 'More From This Collection' }).getByRole('link', { name: other.name }).click();
    await page.waitForURL((url) => url.pathname === `/market/${other._id}`);
    await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByText(other.name).waitFor();

    await page.getByRole('button', { name: 'BUY NOW' }).click();
    await page.getByText('To initiate payment process, please log into your account.').waitFor();
  });

  it('fits a 360 px wide phone without sideways scrolling', async () => {
    const { data } = await api<{ data: Unit[] }>('/api/marketplace/find?kind=house_unit&limit=1');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/market/${data[0]!._id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('region', { name: 'More From This Collection' }).getByRole('link').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('sends a ship to its own page and says a missing listing is not for sale', async () => {
    const { data } = await api<{ data: Unit[] }>('/api/marketplace/find?kind=ship&limit=1');
    await page.goto(`/market/${data[0]!._id}`);
    await page.waitForURL((url) => url.pathname === `/detail/${data[0]!._id}`);
    await page.getByRole('heading', { level: 1, name: data[0]!.name }).waitFor();

    await page.goto('/market/987654321');
    await page.getByRole('heading', { name: 'This item is not for sale' }).waitFor();
  });
});
