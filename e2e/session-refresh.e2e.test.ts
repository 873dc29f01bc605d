import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './fixtures/browser.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';

const REFRESH = '/api/account/refresh_token';
const PROFILE = '/api/account/profile';

/** What one tab asked the API about its session, in order, for the assertions and their messages. */
function recordSessionCalls(page: Page, tab: string, log: string[]) {
  page.on('request', (req) => {
    if (req.url().endsWith(REFRESH)) log.push(`${tab} refresh sent`);
  });
  page.on('response', async (res) => {
    const path = new URL(res.url()).pathname;
    if (path === PROFILE) log.push(`${tab} ${path} ${res.status()}`);
    if (path !== REFRESH) return;
    // A refused refresh says why: REFRESH_TOKEN_ROTATED is the other tab's win arriving late (0079).
    const code = res.ok() ? '' : ` ${((await res.json().catch(() => ({}))) as { code?: string }).code ?? ''}`;
    log.push(`${tab} ${path} ${res.status()}${code}`);
  });
  page.on('requestfailed', (req) => {
    const path = new URL(req.url()).pathname;
    if (path === REFRESH || path === PROFILE) log.push(`${tab} ${path} failed: ${req.failure()?.errorText}`);
  });
}

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

  it('two tabs whose access token went stale rotate it once between them and stay signed in', async () => {
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

    // The second tab leaves the app while the token goes stale, so no page of the old
    // session is still running (and refreshing) when both tabs load the app again.
    await second.goto('about:blank');
    const log: string[] = [];
    recordSessionCalls(first, 'first', log);
    recordSessionCalls(second, 'second', log);
    // The server no longer accepts this access token (as after its 15 minutes): both tabs must refresh.
    await first.evaluate(() => localStorage.setItem('jwt', 'stale.access.token'));
    await Promise.all([first.goto('/'), second.goto('/')]);
    const signedIn = (page: Page) => page.getByTestId('profile-menu').waitFor();
    await Promise.all([signedIn(first), signedIn(second)]).catch((error: Error) => {
      throw new Error(`${error.message}\nwhat the tabs asked:\n${log.join('\n')}`);
    });

    // Each tab's session check ends in a 200, whichever tab refreshed (a failure prints the log).
    await expect.poll(() => log).toEqual(expect.arrayContaining([`first ${PROFILE} 200`, `second ${PROFILE} 200`]));
    // One rotation between them. A tab that took the lock before the other's new tokens reached
    // its storage may also ask, and is told so; nothing else may be refused.
    const refreshAnswers = log.filter((entry) => entry.includes(`${REFRESH} `));
    expect(refreshAnswers.filter((entry) => entry.endsWith(`${REFRESH} 200`)), log.join('\n')).toHaveLength(1);
    expect(refreshAnswers.every((entry) => /(200|401 REFRESH_TOKEN_ROTATED)$/.test(entry)), log.join('\n')).toBe(true);
    // Storage reaches the other tab's process a moment after its write, so both are awaited.
    const storedIn = (page: Page) => page.evaluate(() => localStorage.getItem('jwt'));
    await expect.poll(() => storedIn(first)).not.toBe('stale.access.token');
    const stored = await storedIn(first);
    await expect.poll(() => storedIn(second)).toBe(stored);
    await context.close();
  });
});
