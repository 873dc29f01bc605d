import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';

/**
 * The prerendered landing (decision 0073) shows its buttons before the app has loaded and
 * hydrated. A press then is held by the boot file and played once the app has adopted the page
 * (app/early-press.ts): here the app's scripts are held back until after the press, so the
 * press is surely early, whatever the machine's speed.
 */
describe('a press on the prerendered landing before hydration', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const screen of [
    { name: 'phone', viewport: { width: 360, height: 640 }, phone: true },
    { name: 'desktop', viewport: { width: 1366, height: 768 }, phone: false },
  ] as const) {
    it(`Connect wallet pressed before the entry has loaded opens the dialog once it has (${screen.name})`, async () => {
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: screen.viewport,
        isMobile: screen.phone,
        hasTouch: screen.phone,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      // Every script but the boot file waits for `release`: the entry (which the boot file
      // imports), its chunks and the dialog's.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let signalHeld!: () => void;
      const entryHeld = new Promise<void>((resolve) => (signalHeld = resolve));
      await page.route(/\/assets\/[^/]+\.js(\?|$)/, async (route: Route) => {
        if (route.request().url().includes('/assets/boot-')) return route.continue();
        signalHeld();
        await released;
        await route.continue();
      });

      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await entryHeld; // the boot file has run: it imports the entry once the page is painted
      const connect = page.getByTestId('header-connect-wallet');
      if (screen.phone) await page.getByTestId('header-menu').click();
      await connect.click();
      const dialog = page.getByRole('dialog', { name: 'Connect wallet' });
      expect(await dialog.count()).toBe(0); // nothing can answer yet

      release();
      await dialog.waitFor();
      // The press was played on the prerendered button, which kept focus for the dialog to return.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => connect.evaluate((el) => el === document.activeElement)).toBe(true);
      await context.close();
    });
  }

  it('a filter ticked on the server-rendered /market before its page chunk has loaded is applied once it has', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    // The entry waits for `releaseEntry`, the marketplace page's chunk for `releasePage`: the
    // header is adopted first, the page (and its filters) only once its chunk is there.
    let releaseEntry!: () => void;
    const entryReleased = new Promise<void>((resolve) => (releaseEntry = resolve));
    let releasePage!: () => void;
    const pageReleased = new Promise<void>((resolve) => (releasePage = resolve));
    let signalHeld!: () => void;
    const entryHeld = new Promise<void>((resolve) => (signalHeld = resolve));
    await page.route(/\/assets\/[^/]+\.js(\?|$)/, async (route: Route) => {
      const url = route.request().url();
      if (url.includes('/assets/boot-')) return route.continue();
      signalHeld();
      await (url.includes('/assets/market-page-') ? pageReleased : entryReleased);
      await route.continue();
    });

    await page.goto('/market', { waitUntil: 'domcontentloaded' });
    await entryHeld;
    const human = page.getByRole('checkbox', { name: 'Human' });
    await human.click();
    expect(new URL(page.url()).search).toBe(''); // nothing can answer yet

    releaseEntry();
    // The header is adopted (React's own key on its node) while the page still waits for its chunk.
    await page.waitForFunction(() => {
      const logo = document.querySelector('.site-header__logo');
      return logo !== null && Object.keys(logo).some((key) => key.startsWith('__reactFiber'));
    });
    expect(new URL(page.url()).search).toBe('');
    releasePage();
    await page.waitForURL((url) => url.search === '?element=human');
    await expect.poll(() => human.isChecked()).toBe(true);
    await context.close();
  });
});
