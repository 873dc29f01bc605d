import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './fixtures/axe.ts';
import { launchBrowser } from './fixtures/browser.ts';
import { focusedField } from './fixtures/focused-field.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';

describe('form errors in Chromium (WCAG 3.3.1, 3.3.3)', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // The app's CSP rightly refuses injected scripts; axe is injected only in this test context.
    const context = await browser.newContext({ baseURL: server.url, bypassCSP: true });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const forms = [
    { path: '/login', submit: 'Sign in', first: 'email', message: 'Please enter your e-mail or username.' },
    { path: '/registry', submit: 'Sign up', first: 'username', message: 'Username is required.' },
    {
      path: '/forgot_password_send_email',
      submit: 'Reset Password',
      first: 'email',
      message: 'Please enter your email!',
    },
    { path: '/contact', submit: 'Send message', first: 'name', message: 'Please enter your name.' },
  ];

  for (const form of forms) {
    it(`${form.path}: an empty submit focuses the first field, which announces its error; axe finds nothing`, async () => {
      await page.goto(form.path);
      await page.getByRole('button', { name: form.submit, exact: true }).click();
      await expect
        .poll(() => focusedField(page))
        .toEqual({ name: form.first, invalid: 'true', description: form.message });
      expect(await axeViolations(page, page.url())).toEqual([]);
    });
  }

  it('/login: a wrong password is read from the focused alert, not from a field', async () => {
    await page.goto('/login');
    await page.getByLabel('E-mail or username').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'Incorrect' }).waitFor();
    await expect
      .poll(() =>
        alert.evaluate((node) => {
          // On the alert or a wrapper holding only it; the page and the form hold it too.
          const focused = document.activeElement;
          return !!focused && focused.contains(node) && focused.textContent === node.textContent;
        }),
      )
      .toBe(true);
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(await axeViolations(page, page.url())).toEqual([]);
  });
});
