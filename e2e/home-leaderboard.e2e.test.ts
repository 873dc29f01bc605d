import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { marketHydrated, watchHydration } from './fixtures/hydration.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = new Intl.NumberFormat('en-US');
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

type Mail = { to: string; subject: string; kind: string; status: string };
type Sale = { id: string; kind: string; name: string };

/**
 * The home page by the operator's home_version, the leaderboard and the top lists. This file
 * keeps its own DATA_DIR on the embedded database so it can switch home_version the way an
 * operator does: stop Starport, `npm run admin -- set-home-version 2`, start it again.
 */
describe('home page, leaderboard and top lists in Chromium', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starport-home-e2e-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const api = async <T>(url: string): Promise<T> => (await fetch(`${server.url}${url}`)).json() as Promise<T>;

  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the landing page counts what the API counts and lists the top sales', async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Build your fleet at Starport' }).waitFor();
    const ships = await api<{ total: number }>('/api/marketplace/find?kind=ship&limit=1');
    const sales = await api<{ count: number; total: number }>('/api/marketplace/totalDeposit');
    const houses = await api<{ data: Array<{ minted: number; total: number }> }>('/api/catalogue/house_types');
    const minted = houses.data.reduce((n, t) => n + t.minted, 0);
    const pieces = houses.data.reduce((n, t) => n + t.total, 0);
    // The demo catalogue has listings, past sales and minted pieces: no counter is a trivial 0.
    expect(ships.total).toBeGreaterThan(0);
    expect(sales.count).toBeGreaterThan(0);
    expect(pieces).toBeGreaterThan(0);
    const expected: Record<string, string> = {
      ships: count.format(ships.total),
      sales: count.format(sales.count),
      volume: dollars.format(sales.total),
      houses: `${count.format(minted)} / ${count.format(pieces)}`,
    };
    for (const [key, value] of Object.entries(expected)) {
      await expect
        .poll(() => page.locator(`[data-counter="${key}"] dd`).textContent(), { timeout: 20_000 })
        .toBe(value);
    }

    const top = await api<{ data: Sale[] }>('/api/marketplace/top_nft?limit=4');
    expect(top.data.length).toBeGreaterThan(0);
    const featured = page.getByRole('region', { name: 'Top sales' });
    const first = top.data[0]!;
    const href = first.kind === 'house_unit' ? `/market/${first.id}` : `/detail/${first.id}`;
    await featured.locator(`a[href="${href}"]`).first().waitFor();
    expect(await featured.getByRole('article').count()).toBe(top.data.length);
  });

  it('writes every price on the home, marketplace and item pages as "$" and the amount, never USDT, USDC or USD', async () => {
    const first = async (kind: string) =>
      (await api<{ data: Array<{ _id: string }> }>(`/api/marketplace/find?kind=${kind}&limit=1`)).data[0]!._id;
    // Each page with the elements that show its prices, waited for before the page is read.
    const pages: Array<[url: string, shown: string[]]> = [
      ['/', ['[data-counter="volume"] dd', '.sold-card__price', '.house-type__price']],
      ['/market', ['.listing-card__price']],
      [`/detail/${await first('ship')}`, ['.ship-detail__price']],
      [`/market/${await first('house_unit')}`, ['.unit-detail__price', '.unit-card__price']],
    ];
    for (const [url, shown] of pages) {
      await page.goto(url);
      for (const selector of shown) await page.locator(selector).filter({ hasText: /\d/ }).first().waitFor();
      const text = await page.locator('body').innerText();
      expect(text, url).toMatch(/\$\d/);
      expect(text, url).not.toMatch(/USD[CT]/);
      expect(text, url).not.toMatch(/\d[\d,.]*\s*USD/);
    }
  });

  it('the contact form on the landing page reaches the operator mailbox', async () => {
    await page.goto('/');
    const contact = page.getByRole('region', { name: 'Contact us' });
    const name = `Landing visitor ${Date.now()}`;
    await contact.getByLabel('Name').fill(name);
    await contact.getByLabel('E-mail').fill('visitor@example.com');
    await contact.getByLabel('Message').fill('How do container-house pieces pay out?');
    await contact.getByRole('button', { name: 'Send message' }).click();
    await contact.getByRole('status').filter({ hasText: 'Your message has been sent' }).waitFor();
    await expect
      .poll(
        async () => {
          const { data } = await api<{ data: Mail[] }>('/dev/mailbox.json?to=operator@starport.local');
          return data.find((m) => m.kind === 'contact' && m.subject.includes(name))?.status;
        },
        { timeout: 20_000 },
      )
      .toBe('sent');
  });

  it('/leaderboard shows the champions or says nobody has points, and /top shows the lists', async () => {
    await page.goto('/leaderboard');
    await page.getByRole('heading', { name: 'Galactic Champions of the Month', level: 1 }).waitFor();
    const board = await api<{ total: number; data: Array<{ user_name: string }> }>('/api/leaderboards/topref');
    if (board.total === 0) await page.getByText('Nobody has earned points this month yet').waitFor();
    else await page.getByRole('cell', { name: board.data[0]!.user_name }).waitFor();

    await page.getByRole('link', { name: 'Top sales' }).click();
    await page.waitForURL((url) => url.pathname === '/top');
    const lists: Array<[string, string]> = [
      ['Top NFT sales of all time', '/api/marketplace/top_nft?limit=12'],
      ['Top sales of the last 7 days', '/api/marketplace/last_7_days?limit=12'],
      ['Recently sold', '/api/marketplace/recently_sold?limit=12'],
    ];
    for (const [title, url] of lists) {
      const { data } = await api<{ data: Sale[] }>(url);
      const section = page.getByRole('region', { name: title });
      await section.getByRole('heading', { name: title }).waitFor();
      if (data.length === 0) {
        await section.locator('.board-empty').waitFor();
      } else {
        await expect.poll(() => section.getByRole('article').count()).toBe(data.length);
        await section.getByRole('link', { name: data[0]!.name }).first().waitFor();
      }
    }
    // A ship card opens the ship's page.
    const { data: recent } = await api<{ data: Sale[] }>('/api/marketplace/recently_sold?limit=12');
    const ship = recent.find((s) => s.kind === 'ship');
    if (ship) {
      await page.locator(`[data-list="recentlySold"] a[href="/detail/${ship.id}"]`).first().click();
      await page.waitForURL((url) => url.pathname === `/detail/${ship.id}`);
      await page.getByRole('heading', { name: ship.name, level: 1 }).waitFor();
    }
  });

  it('at 1366 × 900 the hero shows a Legendary ship for sale on its right, Top sales fills its row, no figure wraps', async () => {
    const wide = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 } });
    try {
      const p = await wide.newPage();
      await p.goto('/');
      const legendary = await api<{ data: Array<{ _id: string; name: string }> }>(
        '/api/marketplace/find?kind=ship&rarity=legendary&limit=1',
      );
      const featured = legendary.data[0]!;
      const showcase = p.getByTestId('hero-showcase');
      await showcase.locator('img').waitFor();
      await expect
        .poll(() => showcase.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
        .toBeGreaterThan(0);
      expect(await showcase.getAttribute('href')).toBe(`/detail/${featured._id}`);
      expect(await showcase.textContent()).toContain(featured.name);
      const hero = (await p.locator('.landing__hero').boundingBox())!;
      const art = (await showcase.boundingBox())!;
      const middle = hero.x + hero.width / 2;
      // The right half holds the picture: it starts past the middle and fills most of that half.
      expect(art.x).toBeGreaterThanOrEqual(middle);
      expect(art.x + art.width).toBeLessThanOrEqual(hero.x + hero.width + 1);
      expect(art.width).toBeGreaterThan((hero.width / 2) * 0.6);
      expect(art.height).toBeGreaterThan(hero.height * 0.6);

      const top = p.getByRole('region', { name: 'Top sales' });
      await top.getByRole('article').first().waitFor();
      const cards = await top
        .getByRole('article')
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      const rows = new Set(cards.map((c) => Math.round(c.top))).size;
      const perRow = cards.filter((c) => Math.round(c.top) === Math.round(cards[0]!.top)).length;
      expect(perRow * rows).toBe(cards.length);
      // ...and the row reaches the grid's right edge: no empty column after the last card.
      const grid = (await top.locator('.sold-grid').boundingBox())!;
      expect(Math.max(...cards.map((c) => c.right))).toBeGreaterThanOrEqual(grid.x + grid.width - 1);

      await p.locator('[data-counter="houses"] dd:not([aria-busy])').waitFor();
      await p.locator('[data-counter="volume"] dd:not([aria-busy])').waitFor();
      expect(await figureLines(p)).toEqual({ ships: 1, sales: 1, volume: 1, houses: 1 });
    } finally {
      await wide.close();
    }
  });

  it('on a 360 × 740 phone the sticky header is one row; Menu opens the links and sign-in, Escape and a followed link close it', async () => {
    const phone = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 } });
    try {
      const small = await phone.newPage();
      await small.goto('/');
      await small.locator('[data-counter="houses"] dd:not([aria-busy])').waitFor();
      await expectSkipLinkFirst(small);
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await figureLines(small)).toEqual({ ships: 1, sales: 1, volume: 1, houses: 1 });
      const header = small.locator('header.site-header');
      expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
      await small.evaluate(() => window.scrollTo(0, 1200));
      await expect.poll(() => header.evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
      expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);

      // Keyboard: after the skip link, the header's controls left to right.
      expect(await headerTabOrder(small)).toEqual(['Starport home', 'Menu', 'Cart, empty']);

      const nav = small.getByRole('navigation', { name: 'Main' });
      expect(await nav.isVisible()).toBe(false);
      const menu = small.getByRole('button', { name: 'Menu' });
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      await nav.waitFor();
      expect(await nav.getByRole('link').count()).toBe(5);
      await small.getByTestId('header-sign-in').waitFor();
      await small.keyboard.press('Escape');
      await nav.waitFor({ state: 'hidden' });
      expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);

      await menu.click();
      await nav.getByRole('link', { name: 'Leaderboard' }).click();
      await small.waitForURL((url) => url.pathname === '/leaderboard');
      await nav.waitFor({ state: 'hidden' });
      expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await phone.close();
    }
  });

  it('at 1366 px the header is one row of logo, links, sign-in and cart, in Tab order', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    try {
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).waitFor();
      await expectSkipLinkFirst(page);
      expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
      expect(await headerTabOrder(page)).toEqual([
        'Starport home',
        'Home',
        'Marketplace',
        'Shop',
        'Leaderboard',
        'Staking',
        'Sign in',
        'Connect wallet',
        'Cart, empty',
      ]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('home_version 2, set with the operator CLI, makes the marketplace the home page', async () => {
    await server.stop();
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', 'set-home-version', '2'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    expect(stdout).toContain('home_version is now 2 (marketplace).');
    server = await startServer(env);
    ({ page } = await newPage(browser, server.url));
    expect(await api('/site/setting')).toMatchObject({ home_version: 2 });
    // The server draws / as the marketplace with its first list (decision 0080), says which home
    // it drew, and the app adopts that markup: the heading parsed from the HTML stays on screen.
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('<meta name="starport-home" content="2">');
    expect(html).toMatch(/>· [\d,]+ items<\/span><\/h1>/);
    expect(html).toContain('id="starport-first-data"');
    const { logged, headingAdopted } = await watchHydration(page);
    await page.goto('/');
    await page.getByRole('heading', { name: /^Marketplace · [\d,]+ items$/ }).waitFor();
    expect(await page.getByRole('heading', { name: 'Build your fleet at Starport' }).count()).toBe(0);
    await marketHydrated(page);
    const adopted = await headingAdopted();
    expect(logged).toEqual([]);
    expect(adopted).toBe(true);
    // A stop, a CLI run and a start on the embedded database: slow on a busy two-core machine.
  }, 240_000);
});

/** How many lines each landing figure takes (a range has one box per line it spans). */
async function figureLines(p: Page): Promise<Record<string, number>> {
  return p.locator('[data-counter]').evaluateAll((boxes) =>
    Object.fromEntries(
      boxes.map((box) => {
        const range = document.createRange();
        range.selectNodeContents(box.querySelector('dd')!);
        const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        return [box.getAttribute('data-counter'), tops.size];
      }),
    ),
  );
}

/** On a page just loaded, Tab reaches the skip link first, and Enter moves focus to the content. */
async function expectSkipLinkFirst(p: Page) {
  await p.keyboard.press('Tab');
  expect(await p.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
  await p.keyboard.press('Enter');
  expect(await p.evaluate(() => document.activeElement?.id)).toBe('main');
}

/**
 * The names of the header's controls in Tab order from the skip link, checking that each is
 * right of the one before (the order the eye reads them).
 */
async function headerTabOrder(p: Page): Promise<string[]> {
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.locator('.skip-link').focus();
  const names: string[] = [];
  let left = -1;
  for (;;) {
    await p.keyboard.press('Tab');
    const focused = await p.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el?.closest('header.site-header')) return null;
      return {
        name: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '',
        left: el.getBoundingClientRect().left,
      };
    });
    if (!focused) return names;
    expect(focused.left, focused.name).toBeGreaterThan(left);
    left = focused.left;
    names.push(focused.name);
  }
}
