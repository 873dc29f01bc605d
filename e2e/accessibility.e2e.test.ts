import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_ROUTE_PATTERNS } from '../packages/schemas/src/web-routes.ts';
import { axeViolations } from './fixtures/axe.ts';
import { launchBrowser } from './fixtures/browser.ts';
import { demoRecords } from './fixtures/demo-records.ts';
import { PAGE_VISITS, type DemoRecords, type PageVisit, type SignState } from './fixtures/page-visits.ts';
import { settled } from './fixtures/page-ready.ts';
import { startServer, type RunningServer } from './fixtures/server.ts';
import { signIn } from './fixtures/sign-in.ts';

const SIZES = [
  { label: '1366 px', viewport: { width: 1366, height: 900 }, phone: false },
  { label: '360 px', viewport: { width: 360, height: 740 }, phone: true },
] as const;
const STATES: SignState[] = ['signed out', 'signed in'];

/**
 * Issue 15: axe-core with the WCAG 2.0/2.1/2.2 A and AA rules on every page route of the web
 * app, signed out and signed in, at 1366 × 900 and 360 × 740, and again with each of the
 * page's dialogs open. Any violation fails, listed with where it was found.
 */
describe('accessibility: axe (WCAG 2.2 AA) on every page route', () => {
  let server: RunningServer;
  let browser: Browser;
  let records: DemoRecords;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    await signIn(page);
    records = await demoRecords(server.url, page);
    await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('has a visit for every page route, so a new page cannot skip the check', () => {
    expect(Object.keys(PAGE_VISITS).sort()).toEqual([...WEB_ROUTE_PATTERNS].sort());
  });

  async function open(page: Page, href: string, visit: PageVisit): Promise<void> {
    await page.goto(href);
    await settled(page, visit.ready).catch((error: unknown) => {
      throw new Error(`${href} never settled: ${String(error)}`);
    });
  }

  for (const size of SIZES) {
    for (const state of STATES) {
      it(`${state} at ${size.label}: no violations on any page or dialog`, { timeout: 900_000 }, async () => {
        const context = await browser.newContext({
          baseURL: server.url,
          viewport: size.viewport,
          isMobile: size.phone,
          hasTouch: size.phone,
          bypassCSP: true,
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        if (state === 'signed in') await signIn(page);
        const found: string[] = [];
        for (const visit of Object.values(PAGE_VISITS)) {
          for (const href of visit.hrefs(records)) {
            await open(page, href, visit);
            found.push(...(await axeViolations(page, `${state} ${size.label} ${href}`)));
            const dialogs = (visit.dialogs ?? []).filter(
              (d) => (d.when ?? state) === state && (size.phone || !d.phoneOnly) && (d.onlyOn?.(href) ?? true),
            );
            for (const dialog of dialogs) {
              await open(page, href, visit);
              const opened = await dialog.open(page, records);
              if (!opened) {
                found.push(`${state} ${size.label} ${href}: ${dialog.name} could not be opened (nothing to open it on)`);
                continue;
              }
              await opened.waitFor();
              await settled(page, visit.ready);
              found.push(...(await axeViolations(page, `${state} ${size.label} ${href} with ${dialog.name} open`)));
              await page.keyboard.press('Escape');
              await opened.waitFor({ state: 'detached' });
            }
          }
        }
        await context.close();
        expect(found).toEqual([]);
      });
    }
  }
});
