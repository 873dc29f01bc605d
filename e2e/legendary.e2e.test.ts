import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';

type Listing = { _id: string; name: string; item: { rarity: number; legendary_serial: number | null } };

/** Records every script the page downloads, with whether it is three.js (its global marker). */
function watchScripts(page: Page) {
  const scripts: Array<{ url: string; three: boolean }> = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.text().then(
        (body) => void scripts.push({ url: response.url(), three: body.includes('__THREE__') }),
        () => void scripts.push({ url: response.url(), three: false }),
      ),
    );
  });
  return { scripts, settled: () => Promise.all(pending) };
}

describe('Legendary ships in Chromium on the demo catalogue', () => {
  let server: RunningServer;
  let browser: Browser;
  let threeChunk = '';
  const find = async (query: string) =>
    ((await (await fetch(`${server.url}/api/marketplace/find?${query}`)).json()) as { data: Listing[] }).data;
  /** PNG of the 3D canvas as the player sees it. */
  const shot = (page: Page) => page.locator('.ship-viewer canvas').screenshot();
  const nextFrame = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
  /** A shot once the picture has stopped changing (two in a row agree, a frame apart). */
  const settledShot = async (page: Page) => {
    let previous = await shot(page);
    for (;;) {
      await nextFrame(page);
      const current = await shot(page);
      if (current.equals(previous)) return current;
      previous = current;
    }
  };

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens a Legendary ship from the filtered market: serial, a live 3D view that turns, and no spin under reduced motion', async () => {
    const [first] = await find('rarity=legendary&limit=20');
    expect(first!.item).toMatchObject({ rarity: 3, legendary_serial: expect.any(Number) });
    const { page } = await newPage(browser, server.url);
    const watch = watchScripts(page);

    await page.goto('/market?rarity=legendary');
    await page.getByRole('link', { name: first!.name }).first().click();
    await page.waitForURL((url) => url.pathname === `/detail/${first!._id}`);
    await page.getByRole('heading', { name: first!.name, level: 1 }).waitFor();
    const section = page.getByRole('region', { name: `Legendary #${first!.item.legendary_serial} of 150` });
    await section.waitFor();

    await section.scrollIntoViewIfNeeded();
    await page.locator('.ship-viewer[data-state="ready"]').waitFor();
    expect(await page.getByText('3D view unavailable').count()).toBe(0);
    const canvas = page.locator('.ship-viewer canvas');
    const box = await canvas.boundingBox();
    expect(box!.width).toBeGreaterThan(200);
    expect(box!.height).toBeGreaterThan(150);
    expect(await canvas.evaluate((c: HTMLCanvasElement) => [c.width > 0, c.height > 0])).toEqual([true, true]);

    // No preference for less motion: it spins by itself.
    const spin = page.getByRole('button', { name: 'Auto-spin' });
    expect(await spin.getAttribute('aria-pressed')).toBe('true');
    const a = await shot(page);
    await expect.poll(async () => (await shot(page)).equals(a), { timeout: 60_000 }).toBe(false);

    // Asking for reduced motion stops it; the picture then holds still until the player turns it.
    // A frame already on its way may still land: wait until two shots in a row agree, then
    // check that it stays so across several more frames.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.locator('.ship-viewer button[aria-pressed="false"]').waitFor();
    const still = await settledShot(page);
    for (let frame = 0; frame < 10; frame++) await nextFrame(page);
    expect((await shot(page)).equals(still)).toBe(true);
    await page.getByRole('button', { name: 'Rotate right' }).click();
    const turned = await shot(page);
    expect(turned.equals(still)).toBe(false);

    // The keyboard turns it too, and so does a drag.
    await page.getByRole('img', { name: `3D model of ${first!.name}` }).focus();
    await page.keyboard.press('ArrowUp');
    const tilted = await shot(page);
    expect(tilted.equals(turned)).toBe(false);
    const b = (await canvas.boundingBox())!;
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2 + 120, b.y + b.height / 2, { steps: 6 });
    await page.mouse.up();
    expect((await shot(page)).equals(tilted)).toBe(false);

    await watch.settled();
    const three = watch.scripts.filter((s) => s.three);
    expect(three).toHaveLength(1);
    threeChunk = new URL(three[0]!.url).pathname;
    await page.context().close();
  });

  it('a Common ship page shows no Legendary section and never downloads the 3D chunk', async () => {
    expect(threeChunk).toMatch(/^\/assets\/.+\.js$/); // found by the test above
    const [common] = await find('rarity=common&limit=1');
    expect(common!.item.rarity).toBe(0);
    const { page } = await newPage(browser, server.url);
    const watch = watchScripts(page);
    const requested: string[] = [];
    page.on('request', (request) => void requested.push(new URL(request.url()).pathname));

    await page.goto(`/detail/${common!._id}`);
    await page.getByRole('heading', { name: common!.name, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Price History' }).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(/Legendary #/).count()).toBe(0);
    expect(await page.locator('.ship-viewer, [data-testid="legendary-section"]').count()).toBe(0);

    await watch.settled();
    expect(watch.scripts.length).toBeGreaterThan(0);
    expect(watch.scripts.filter((s) => s.three)).toEqual([]);
    expect(requested).not.toContain(threeChunk);
    await page.context().close();
  });
});
