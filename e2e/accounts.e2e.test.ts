import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './fixtures/browser.ts';
import { mailedLink } from './fixtures/mailbox.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';

const player = { username: 'starlight', email: 'starlight@example.com', first: 'first-secret-1', second: 'second-secret-2', third: 'third-secret-3' };

async function signIn(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail or username').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => page.getByTestId('profile-menu').textContent(), { timeout: 15_000 }).toContain(player.username);
}

describe('account journey in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await newPage(browser, server.url));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('signs up, activates from the mailed link, signs in, changes the password, signs out, resets it and signs in again', async () => {
    // Sign up.
    await page.goto('/registry');
    await page.getByLabel('Username').fill(player.username);
    await page.getByLabel('E-mail').fill(player.email);
    await page.getByLabel('Password', { exact: true }).fill(player.first);
    await page.getByLabel('Confirm password').fill(player.first);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByText('Account created').waitFor();

    // Activate with the link from the dev mailbox (built from PUBLIC_URL).
    const activation = await mailedLink(server.url, player.email, 'activation', 'email_active');
    expect(activation.startsWith(`${server.url}/email_active?key=`)).toBe(true);
    await page.goto(activation);
    await page.getByRole('heading', { name: 'Success !' }).waitFor();
    await page.getByRole('button', { name: 'Go to Login Page' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // Sign in.
    await signIn(page, player.email, player.first);

    // Change the password.
    await page.goto('/change-password');
    await page.getByLabel('Old password').fill(player.first);
    await page.getByLabel('New password', { exact: true }).fill(player.second);
    await page.getByLabel('Retype new password').fill(player.second);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('status').filter({ hasText: 'password has been changed' }).waitFor();

    // Sign out, with the confirmation.
    await page.getByTestId('profile-menu').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await page.getByTestId('header-sign-in').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('jwt') ?? sessionStorage.getItem('jwt'))).toBeNull();

    // Forgot the password: mail, reset.
    await page.goto('/forgot_password_send_email');
    await page.getByLabel('E-mail').fill(player.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('status').filter({ hasText: 'inbox' }).waitFor();
    const reset = await mailedLink(server.url, player.email, 'password-reset', 'forgot_password_update');
    await page.goto(reset);
    await page.getByLabel('New password', { exact: true }).fill(player.third);
    await page.getByLabel('Confirm new password').fill(player.third);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('link', { name: 'Go to login' }).waitFor();

    // The old password no longer works; the new one does.
    await page.goto('/login');
    await page.getByLabel('E-mail or username').fill(player.username);
    await page.getByLabel('Password', { exact: true }).fill(player.second);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Incorrect' }).waitFor();
    await signIn(page, player.username, player.third);
  });

  it('a signed-in player is sent home from /login; the reset link cannot be used twice', async () => {
    await page.goto('/login');
    await page.waitForURL((url) => url.pathname === '/');
    const reused = await mailedLink(server.url, player.email, 'password-reset', 'forgot_password_update');
    await page.goto(reused);
    await page.getByRole('alert').filter({ hasText: 'invalid or has expired' }).waitFor();
    // The activation link opened again says the account is active, with the way on.
    const activation = await mailedLink(server.url, player.email, 'activation', 'email_active');
    await page.goto(activation);
    await page.getByRole('heading', { name: 'Already active' }).waitFor();
    await page.getByText('Your account is already active. You can sign in.').waitFor();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
  });

  it('guards protected pages, shows a real 404, and validates forms with the spec texts', async () => {
    const { context, page: visitor } = await newPage(browser, server.url);
    await visitor.goto('/change-password');
    await visitor.waitForURL((url) => url.pathname === '/');

    const missing = await visitor.goto('/no-such-page');
    expect(missing?.status()).toBe(404);
    await visitor.getByRole('heading', { name: 'Page not found' }).waitFor();

    await visitor.goto('/registry');
    await visitor.getByLabel('Username').fill('mismatch');
    await visitor.getByLabel('E-mail').fill('mismatch@example.com');
    await visitor.getByLabel('Password', { exact: true }).fill('aaaaaaaa1');
    await visitor.getByLabel('Confirm password').fill('bbbbbbbb2');
    await visitor.getByRole('button', { name: 'Sign up' }).click();
    await visitor.getByText('Your password does not match.').waitFor();
    await context.close();
  });

  it('a visitor sent from a protected page to / signs in there and is taken back to the page', async () => {
    const { context, page: visitor } = await newPage(browser, server.url);
    await visitor.goto('/change-password');
    await visitor.waitForURL((url) => url.pathname === '/');
    const dialog = visitor.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByText('Please sign in to open this page.').waitFor();
    await dialog.getByLabel('E-mail or username').fill(player.username);
    await dialog.getByLabel('Password', { exact: true }).fill(player.third);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await visitor.waitForURL((url) => url.pathname === '/change-password');
    await visitor.getByLabel('Old password').waitFor();
    await expect.poll(() => visitor.getByTestId('profile-menu').textContent(), { timeout: 15_000 }).toContain(player.username);
    expect(await dialog.count()).toBe(0);
    await context.close();
  });

  it('a demo account signs in on a phone-sized screen, sees the session survive a reload, and remembers nothing without "Remember me"', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 360, height: 740 } });
    const phone = await context.newPage();
    await phone.goto('/login');
    await phone.getByLabel('E-mail or username').fill('pilot@starport.local');
    await phone.getByLabel('Password', { exact: true }).fill('pilot-demo-2026');
    await phone.getByLabel('Remember me').uncheck();
    await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
    await phone.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => phone.getByTestId('profile-menu').textContent(), { timeout: 15_000 }).toContain('pilot');
    expect(await phone.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
    expect(await phone.evaluate(() => sessionStorage.getItem('jwt'))).toBeTruthy();
    await phone.reload();
    await expect.poll(() => phone.getByTestId('profile-menu').textContent(), { timeout: 15_000 }).toContain('pilot');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  });
});
