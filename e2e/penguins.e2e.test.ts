import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { playerApi } from './fixtures/player-api.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';

type MyPenguins = { data: { _id: string; name: string; spaceship: null | { _id: string; item: { name: string } } }[] };

/**
 * Issue 17's penguin journey: the demo pilot assigns a ship to a penguin from the "Select
 * spaceship" dialog, sees it on the penguin's row, finds it refused for listing (no "List for
 * sale" on its card, a 409 from the listing call), and removes it; the page fits 360 px.
 */
describe('penguins in Chromium: assign a ship, see it refused for listing, remove it', () => {
  let server: RunningServer;
  let browser: Browser;
  let pilot: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page: pilot } = await newPage(browser, server.url));
    await signIn(pilot);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  let shipName: string;
  let shipId: string;
  let penguinName: string;

  it('assigns a free ship to a penguin from the Select spaceship dialog and shows it on the row', async () => {
    await pilot.goto('/my/penguins');
    await pilot.getByRole('heading', { name: 'Penguins', level: 1 }).waitFor();
    const row = pilot.getByTestId('penguin-row').filter({ has: pilot.getByRole('button', { name: /^Assign spaceship/ }) }).first();
    // The row header is the name, then its rarity line.
    penguinName = (await row.getByRole('rowheader').evaluate((th) => th.firstChild?.textContent ?? ''))!.trim();
    const opener = row.getByRole('button', { name: /^Assign spaceship/ });

    // Closing without choosing puts focus back on the button that opened the dialog.
    await opener.click();
    const dialog = pilot.getByRole('dialog', { name: 'Select spaceship' });
    await dialog.getByTestId('select-ship-row').first().waitFor();
    await pilot.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);

    await opener.click();
    const free = dialog.getByTestId('select-ship-row').filter({ has: pilot.getByRole('button', { name: /^Select/ }) }).first();
    const select = free.getByRole('button', { name: /^Select/ });
    shipName = (await select.getAttribute('aria-label'))!.replace(/^Select /, '');
    await select.click();
    await pilot.getByText('Spaceship assigned to your penguin.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const assigned = pilot.getByTestId('penguin-row').filter({ hasText: shipName });
    await assigned.getByTestId('penguin-ship').filter({ hasText: shipName }).waitFor();
    await assigned.getByRole('button', { name: `Remove ${shipName} from ${penguinName}` }).waitFor();
    const mine = await playerApi(pilot, server.url).get<MyPenguins>('/api/my/peguins');
    const on = mine.data.find((p) => p.spaceship?.item.name === shipName);
    expect(on, 'the API has the ship on a penguin').toBeTruthy();
    shipId = on!.spaceship!._id;

    // The ship shows no Select now: it is on a penguin.
    await assigned.waitFor();
    const other = pilot.getByTestId('penguin-row').filter({ has: pilot.getByRole('button', { name: /^Assign spaceship/ }) }).first();
    await other.getByRole('button', { name: /^Assign spaceship/ }).click();
    const onPenguin = dialog.getByTestId('select-ship-row').filter({ hasText: shipName });
    if ((await onPenguin.count()) > 0) expect(await onPenguin.getByRole('button', { name: /^Select/ }).count()).toBe(0);
    await pilot.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('refuses to list the assigned ship: no List for sale on its card, and the listing call says why', async () => {
    await pilot.goto('/my-assets/spaceships');
    const card = pilot.getByTestId('asset-card').filter({ hasText: shipName }).filter({ has: pilot.getByTestId('asset-state').filter({ hasText: 'Assigned' }) });
    await card.first().waitFor();
    expect(await card.first().getByRole('button', { name: 'List for sale' }).count()).toBe(0);

    const token = await pilot.evaluate(() => localStorage.getItem('jwt') ?? sessionStorage.getItem('jwt'));
    const res = await fetch(`${server.url}/api/marketplace/listing`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ item: shipId, price: 50 }),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { msg: string }).msg).toBe('This ship is assigned to a penguin: remove it from the penguin before listing it.');
  });

  it('removes the ship: the row offers Assign again and the ship can be listed', async () => {
    await pilot.goto('/my/penguins');
    const row = pilot.getByTestId('penguin-row').filter({ hasText: shipName });
    await row.getByRole('button', { name: /^Remove/ }).click();
    await pilot.getByText('Spaceship removed from your penguin.').waitFor();
    await pilot.getByTestId('penguin-row').filter({ hasText: shipName }).waitFor({ state: 'detached' });
    const mine = await playerApi(pilot, server.url).get<MyPenguins>('/api/my/peguins');
    expect(mine.data.some((p) => p.spaceship?._id === shipId)).toBe(false);
    await pilot.goto('/my-assets/spaceships');
    await pilot.getByTestId('asset-card').filter({ hasText: shipName }).getByRole('button', { name: 'List for sale' }).first().waitFor();
  });

  it('fits a 360 px phone: no sideways scrolling on the page or in the dialog', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const phone = await context.newPage();
    phone.setDefaultTimeout(20_000);
    await signIn(phone);
    await phone.goto('/my/penguins');
    await phone.getByTestId('penguin-row').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await phone.getByRole('button', { name: /^Assign spaceship/ }).first().click();
    const dialog = phone.getByRole('dialog', { name: 'Select spaceship' });
    await dialog.getByTestId('select-ship-row').first().waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await context.close();
  });
});
