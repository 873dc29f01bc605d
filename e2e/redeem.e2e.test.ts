import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './fixtures/axe.ts';
import { launchBrowser } from './fixtures/browser.ts';
import { settled } from './fixtures/page-ready.ts';
import { playerApi } from './fixtures/player-api.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';

const DEMO_CAPTAIN = { login: 'captain@starport.local', password: 'captain-demo-2026' };

/**
 * Issue 17's redeem journey with the demo codes `npm start` prints: pilot redeems a DNC code
 * (after a blank and an unknown one are refused on the field), follows the link to the DNC
 * balance and finds it 1,000 higher, and is refused the same code again; captain, on a 360 px
 * phone, redeems the ship code and finds the ship in My Assets, then the box code: the box
 * opens at once, the page shows the ship it gave with its proof, and My Blind Boxes lists it.
 */
describe('redeem codes in Chromium: refused on the field, granted with a link to the grant', () => {
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

  /** A page of its own; axe is injected past the page's CSP, so the context bypasses it. */
  async function player(viewport: { width: number; height: number }): Promise<Page> {
    const context = await browser.newContext({ baseURL: server.url, viewport, bypassCSP: true });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    return page;
  }

  const codeField = (page: Page) => page.getByLabel('Code', { exact: true });
  async function submit(page: Page, code: string) {
    await codeField(page).fill(code);
    await page.getByRole('button', { name: 'Redeem', exact: true }).click();
  }

  it('pilot redeems WELCOME-DNC and sees the balance grow by 1,000; the same code again is refused', async () => {
    const pilot = await player({ width: 1280, height: 800 });
    await signIn(pilot);
    const api = playerApi(pilot, server.url);
    const before = (await api.get<{ amount: number }>('/api/marketplace/dnc/listing')).amount;

    await pilot.goto('/my/redeem');
    await settled(pilot);
    expect(await pilot.title()).toContain('Redeem a code');
    await pilot.getByText('You have not redeemed a code yet.').waitFor();

    await submit(pilot, '');
    await pilot.getByTestId('field-error').filter({ hasText: 'Please enter a code.' }).waitFor();
    expect(await codeField(pilot).getAttribute('aria-invalid')).toBe('true');
    expect(await codeField(pilot).evaluate((el) => el === document.activeElement)).toBe(true);

    await submit(pilot, 'NOT-A-CODE');
    await pilot.getByTestId('field-error').filter({ hasText: 'That code is not valid. Check it and try again.' }).waitFor();

    await submit(pilot, '  welcome-dnc ');
    const success = pilot.getByRole('status').filter({ hasText: 'Code redeemed: you received 1,000 DNC.' });
    await success.waitFor();
    expect(await codeField(pilot).getAttribute('aria-invalid')).toBeNull();
    await pilot.getByTestId('redeem-history').getByText('1,000 DNC').waitFor();
    expect(await axeViolations(pilot, 'redeem after success')).toEqual([]);

    await success.getByRole('link', { name: 'See your DNC balance' }).click();
    await pilot.waitForURL((url) => url.pathname === '/my-assets/dnc-listing');
    const expected = (before + 1_000).toLocaleString('en-US');
    await expect.poll(() => pilot.getByTestId('dnc-balance').textContent(), { timeout: 15_000 }).toContain(expected);

    await pilot.goto('/my/redeem');
    await submit(pilot, 'WELCOME-DNC');
    await pilot.getByTestId('field-error').filter({ hasText: 'You have already redeemed this code.' }).waitFor();
    expect((await api.get<{ amount: number }>('/api/marketplace/dnc/listing')).amount).toBe(before + 1_000);
    await pilot.context().close();
  });

  it('captain on a 360 px phone redeems FREE-SHIP and finds the ship in My Assets; the page fits the screen', async () => {
    const captain = await player({ width: 360, height: 740 });
    await signIn(captain, DEMO_CAPTAIN);
    await captain.goto('/my/redeem');
    await settled(captain);
    await submit(captain, 'free-ship');
    const success = captain.getByRole('status').filter({ hasText: /^Code redeemed: you received the ship / });
    await success.waitFor();
    const shipName = /the ship (.+)\.$/.exec((await success.locator('.alert__title').textContent()) ?? '')?.[1];
    expect(shipName).toBeTruthy();
    expect(await captain.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(captain, 'redeem at 360 px')).toEqual([]);

    await success.getByRole('link', { name: 'See your ship in My Assets' }).click();
    await captain.waitForURL((url) => url.pathname === '/my-assets/spaceships');
    await captain.getByTestId('asset-card').filter({ hasText: shipName! }).first().waitFor();
    await captain.context().close();
  });

  it('captain redeems FREE-BOX: the box opens at once, shows its ship and Verify link, and My Blind Boxes lists it', async () => {
    const captain = await player({ width: 360, height: 740 });
    await signIn(captain, DEMO_CAPTAIN);
    await captain.goto('/my/redeem');
    await settled(captain);
    await submit(captain, 'FREE-BOX');
    const success = captain.getByRole('status').filter({ hasText: /^Code redeemed: you received the Frontier Blind Box, which gave / });
    await success.waitFor();
    const shipName = (await success.getByTestId('box-opening-ship').textContent()) ?? '';
    expect(shipName.length).toBeGreaterThan(0);
    expect(await success.getByTestId('box-opening-verify').getAttribute('href')).toMatch(/^\/fairness\/verify\?opening=\d+$/);
    expect(await captain.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(captain, 'redeem a box code at 360 px')).toEqual([]);

    await captain.goto('/my/blindbox');
    const card = captain.getByTestId('my-box').filter({ hasText: 'From a redeem code' });
    await card.getByTestId('box-opening-ship').filter({ hasText: shipName }).waitFor();
    await captain.context().close();
  });
});
