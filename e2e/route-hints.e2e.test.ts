import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './fixtures/browser.ts';
import { builtWebDist, startServer, type RunningServer } from './fixtures/server.ts';

/**
 * When the server does not render the marketplace itself (decision 0080: a build without its page,
 * as `npm start`'s quick build makes), it writes the page's own chunks and list call into
 * index.html (decision 0078), so the browser asks for them beside the entry. Each must then be
 * used, not asked for twice: a preload whose mode differs from the app's own request
 * (crossorigin) is fetched a second time.
 */
describe('route hints written into /market by the server, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let quickBuild: string;

  beforeAll(async () => {
    // The test's web build without the page the server renders the marketplace into.
    quickBuild = mkdtempSync(path.join(tmpdir(), 'starport-quick-build-'));
    cpSync(builtWebDist(), quickBuild, {
      recursive: true,
      filter: (from) => !path.basename(from).startsWith('market.html'),
    });
    server = await startServer({ WEB_DIST_DIR: quickBuild });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (quickBuild) rmSync(quickBuild, { recursive: true, force: true });
  });

  const hinted = (html: string, rel: string) =>
    [...html.matchAll(new RegExp(`<link rel="${rel}" href="([^"]+)"[^>]*data-route-hint`, 'g'))].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    );

  it('asks for each hinted chunk and the list call once, and shows the list', async () => {
    const html = await (await fetch(`${server.url}/market`)).text();
    const chunks = hinted(html, 'modulepreload');
    const calls = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch"[^>]*data-route-hint/g)].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    );
    expect(chunks.some((href) => /\/assets\/market-page-[\w-]+\.js$/.test(href))).toBe(true);
    expect(calls).toEqual(['/api/marketplace/find?page=1&limit=20']);
    // With filters in the address the list is another one: nothing is written.
    expect(await (await fetch(`${server.url}/market?rarity=epic`)).text()).not.toContain('data-route-hint');

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname + new URL(request.url()).search));
    await page.goto('/market');
    await page.getByRole('heading', { name: /Marketplace · [\d,]+ items/ }).waitFor();
    await page.locator('.listing-card').first().waitFor();
    for (const href of [...chunks, ...calls])
      expect(
        asked.filter((url) => url === href),
        href,
      ).toHaveLength(1);
    await context.close();
  });
});
