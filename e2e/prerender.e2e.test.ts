import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './fixtures/browser.ts';
import { marketHydrated, watchHydration } from './fixtures/hydration.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';

/**
 * `/` (the landing) arrives prerendered (decision 0073), `/market` rendered by the server with its
 * first list (decision 0080), and React adopts that markup: the heading the HTML painted is the
 * one still on screen once the page has its data (a hydration mismatch makes React draw afresh,
 * and the node would be another), and nothing is logged about it.
 */
describe('prerendered first pages in Chromium', () => {
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

  const html = async (url: string) => (await fetch(`${server.url}${url}`)).text();

  it('the server sends the prerendered landing for /, with its heading and lead in the HTML', async () => {
    const home = await html('/');
    expect(home).toContain('Build your fleet at Starport</h1>');
    expect(home).toContain('class="landing__lead"');
    expect(home).toContain('<meta name="starport-home" content="1">');
    // the entry is started by a file after the first paint, not by an inline script (CSP)
    expect(home).toMatch(/<script type="module" async crossorigin src="\/assets\/boot-home-1-[\w-]+\.js"><\/script>/);
    expect(home).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    // nothing but the page before its first paint: no stylesheet or script to fetch first
    expect(home).not.toMatch(/<link rel="(stylesheet|modulepreload)"/);
    // with a query in the address, and on other pages: the app's empty root as before
    expect(await html('/?code=abc')).toContain('<div id="root"></div>');
    expect(await html('/shop')).toContain('<div id="root"></div>');
  });

  it('the server sends /market rendered with its first list, and the list call it answered', async () => {
    const market = await html('/market');
    const found = (await (await fetch(`${server.url}/api/marketplace/find?page=1&limit=20`)).json()) as {
      total: number;
      data: { name: string }[];
    };
    expect(market).toContain(`· ${found.total.toLocaleString('en-US')} items</span></h1>`);
    expect(market).toContain(`>${found.data[0]?.name}</h2>`);
    const data = /<script type="application\/json" id="starport-first-data">([^<]*)<\/script>/.exec(market);
    expect(JSON.parse(data?.[1] ?? 'null')).toMatchObject({ at: expect.any(Number), market: { total: found.total } });
    // as the landing: nothing to fetch before the first paint, no inline script to run (CSP)
    expect(market).toMatch(/<script type="module" async crossorigin src="\/assets\/boot-market-[\w-]+\.js"><\/script>/);
    expect(market).not.toMatch(/<link rel="(stylesheet|modulepreload)"/);
    expect(market).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/);
    // with filters in the address, the app draws the list it asks for
    expect(await html('/market?page=2')).toContain('<div id="root"></div>');
  });

  async function open(url: string, viewport: { width: number; height: number }, ready: (page: Page) => Promise<void>) {
    const context = await browser.newContext({ baseURL: server.url, viewport });
    const page = await context.newPage();
    const { logged, headingAdopted } = await watchHydration(page);
    await page.goto(url);
    await ready(page);
    const adopted = await headingAdopted();
    await context.close();
    return { adopted, logged };
  }

  const phone = { width: 412, height: 823 };
  const desktop = { width: 1280, height: 800 };
  const landingReady = async (page: Page) => {
    await page.getByTestId('hero-showcase').waitFor();
    await page.getByRole('heading', { name: 'Build your fleet at Starport' }).waitFor();
  };
  const marketReady = async (page: Page) => {
    await page.getByRole('heading', { name: /Marketplace · [\d,]+ items/ }).waitFor();
    // The HTML shows the list already: wait for the app to have adopted it and asked again.
    await marketHydrated(page);
  };

  for (const [name, viewport] of [
    ['phone', phone],
    ['desktop', desktop],
  ] as const) {
    it(`/ on a ${name} keeps the prerendered landing, with no hydration error`, async () => {
      const { adopted, logged } = await open('/', viewport, landingReady);
      expect(logged).toEqual([]);
      expect(adopted).toBe(true);
    });

    it(`/market on a ${name} keeps the server's render, with no hydration error`, async () => {
      const { adopted, logged } = await open('/market', viewport, marketReady);
      expect(logged).toEqual([]);
      expect(adopted).toBe(true);
    });
  }
});
