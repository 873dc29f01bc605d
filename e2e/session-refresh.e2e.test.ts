import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';

describe('token refresh across tabs', () => {
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

  it('two tabs whose access token went stale refresh exactly once between them and stay signed in', async () => {
    const context = await browser.newContext({ baseURL: server.url });
    const first = await context.newPage();
    await first.goto('/login');
    await first.getByLabel('E-mail or username').fill('captain');
    await first.getByLabel('Password', { exact: true }).fill('captain-demo-2026');
    await first.getByRole('button', { name: 'Sign in', exact: true }).click();
    await first.getByTestId('profile-menu').waitFor();
    const second = await context.newPage();
    await second.goto('/');
    await second.getByTestId('profile-menu').waitFor();

    const refreshes: string[] = [];
    const profiles: number[] = [];
    for (const page of [first, second]) {
      page.on('request', (req) => {
        if (req.url().endsWith('/api/account/refresh_token')) refreshes.push(req.url());
      });
      page.on('response', (res) => {
        if (res.url().endsWith('/api/account/profile')) profiles.push(res.status());
      });
    }
    // The server no longer accepts this access token (as after its 15 minutes): both tabs must refresh.
    await first.evaluate(() => localStorage.setItem('jwt', 'stale.access.token'));
    await Promise.all([first.reload(), second.reload()]);
    await Promise.all([first.getByTestId('profile-menu').waitFor(), second.getByTestId('profile-menu').waitFor()]);
    await expect.poll(() => profiles.filter((s) => s === 200).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);

    expect(refreshes).toHaveLength(1);
    const stored = await first.evaluate(() => localStorage.getItem('jwt'));
    expect(stored).not.toBe('stale.access.token');
    expect(await second.evaluate(() => localStorage.getItem('jwt'))).toBe(stored);
    await context.close();
  });
});
