import type { Browser, JSHandle, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 900 };

/** Where focus is after a key press, as the player sees it. */
type Stop = {
  name: string;
  top: number;
  bottom: number;
  left: number;
  inHeader: boolean;
  /** what covers part of it: the sticky header, or the phone menu's open panel */
  coveredBy: string | null;
};

/**
 * Runs in the page. The header covers its own box while it is sticky, and the phone menu's
 * panel while it is open (it hangs below the header, over the page). A control painted above
 * them (the skip link) is not covered.
 */
function focusedStop(): Stop | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return null;
  const box = el.getBoundingClientRect();
  const header = document.querySelector<HTMLElement>('header.site-header')!;
  const toggle = header.querySelector<HTMLElement>('[aria-controls][aria-expanded="true"]');
  const panel =
    toggle && toggle.offsetParent !== null ? document.getElementById(toggle.getAttribute('aria-controls')!) : null;
  const covers: Array<[string, DOMRect]> = [];
  if (['sticky', 'fixed'].includes(getComputedStyle(header).position))
    covers.push(['header', header.getBoundingClientRect()]);
  if (panel) covers.push(['open menu', panel.getBoundingClientRect()]);
  const overlaps = (r: DOMRect) => box.top < r.bottom && box.bottom > r.top && box.left < r.right && box.right > r.left;
  const inHeader = header.contains(el);
  const hit = document.elementFromPoint(Math.max(box.left + 1, 0), Math.max(box.top + 1, 0));
  const paintedOnTop = hit !== null && el.contains(hit);
  const cover = inHeader || paintedOnTop ? undefined : covers.find(([, r]) => overlaps(r));
  const name =
    (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40) || el.tagName;
  return { name, top: box.top, bottom: box.bottom, left: box.left, inHeader, coveredBy: cover ? cover[0] : null };
}

/** b comes after a for an eye reading the row left to right, then the rows top to bottom. */
const readsAfter = (a: Stop, b: Stop) =>
  b.top >= a.bottom - 2 || (b.top < a.bottom && b.bottom > a.top && b.left >= a.left - 2);

/** Nothing is loading any more: no skeleton, spinner or busy region is left to push things down. */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      document.querySelector(
        '[aria-busy="true"], [data-testid$="skeleton"], .landing__skeleton, [role="status"] .spinner',
      ) === null,
  );
}

describe('the sticky header never covers the focused control (WCAG 2.4.11), in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let unitPath: string;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const found = (await (await fetch(`${server.url}/api/marketplace/find?kind=house_unit&limit=1`)).json()) as {
      data: Array<{ _id: string }>;
    };
    unitPath = `/market/${found.data[0]!._id}`;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Opens the page and waits until what it loads has arrived. */
  async function open(page: Page, path: string) {
    await page.goto(path);
    if (path.startsWith('/market/')) await page.getByRole('button', { name: 'BUY NOW' }).waitFor();
    if (path === '/shop') await page.getByTestId('shop-card').first().waitFor();
    if (path === '/') await page.getByRole('heading', { name: 'Top sales' }).waitFor();
    await settled(page);
  }

  /**
   * Presses the key until focus leaves the last (or first) control of the page, or comes back
   * round to where this walk began. `onMenu` runs when focus reaches the phone header's Menu
   * button, as a player would open it there.
   */
  async function walk(page: Page, key: 'Tab' | 'Shift+Tab', onMenu?: () => Promise<void>): Promise<Stop[]> {
    const stops: Stop[] = [];
    let first: JSHandle | null = null;
    for (let i = 0; i < 500; i++) {
      await page.keyboard.press(key);
      if (first && (await page.evaluate((el) => document.activeElement === el, first))) return stops;
      const stop = await page.evaluate(focusedStop);
      if (!stop) return stops;
      first ??= await page.evaluateHandle(() => document.activeElement);
      stops.push(stop);
      if (onMenu && stop.name === 'Menu') {
        await onMenu();
        // Opening the panel moves nothing; the Menu button keeps focus.
        expect(await page.evaluate(focusedStop)).toMatchObject({ name: 'Menu' });
      }
    }
    throw new Error(`${key} never left the page after 500 presses`);
  }

  const covered = (stops: Stop[]) =>
    stops.filter((s) => s.coveredBy).map((s) => `${s.name} (under the ${s.coveredBy}, top ${Math.round(s.top)})`);

  for (const viewport of [PHONE, DESKTOP]) {
    const phone = viewport === PHONE;
    for (const path of ['/market/{unit}', '/shop', '/']) {
      it(`${viewport.width} × ${viewport.height} ${path}: Tab and Shift+Tab through the page, every stop in sight`, async () => {
        const context = await browser.newContext({ baseURL: server.url, viewport });
        try {
          const page = await context.newPage();
          page.setDefaultTimeout(30_000);
          await open(page, path.replace('{unit}', unitPath.slice('/market/'.length)));
          const openMenu = phone ? () => page.keyboard.press('Enter') : undefined;

          const forward = await walk(page, 'Tab', openMenu);
          expect(forward.length, 'Tab reaches the page content').toBeGreaterThan(10);
          expect(covered(forward), 'Tab').toEqual([]);
          const backward = await walk(page, 'Shift+Tab');
          expect(covered(backward), 'Shift+Tab').toEqual([]);

          // The header's controls come in the order they are seen: on a phone the row (logo,
          // Menu, cart) before the menu's links and sign-in, which open below it.
          const header = forward.filter((s) => s.inHeader);
          const outOfOrder = header.slice(1).filter((s, i) => !readsAfter(header[i]!, s));
          expect(
            outOfOrder.map((s) => s.name),
            header.map((s) => s.name).join(' → '),
          ).toEqual([]);
          const names = header.map((s) => s.name);
          const cart = names.findIndex((n) => n.startsWith('Cart'));
          expect(cart).toBeGreaterThanOrEqual(0);
          if (phone) expect(cart, names.join(' → ')).toBeLessThan(names.indexOf('Home'));
          else
            expect(names.slice(0, 5), names.join(' → ')).toEqual([
              'Starport home',
              'Home',
              'Marketplace',
              'Shop',
              'Leaderboard',
            ]);
        } finally {
          await context.close();
        }
      });
    }
  }
});
