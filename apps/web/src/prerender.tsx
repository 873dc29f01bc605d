// The first pages rendered in Node, never shipped to the browser: the landing at build time by
// scripts/prerender.mjs (decision 0073), the marketplace by the server on each request with its
// first list call's answer (decision 0080; apps/api/src/plugins/static-web-render.ts).
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app.tsx';
import { routes } from './app/routes/route-table.tsx';
import { setHomeVersionHint } from './lib/home-hint.ts';
import { HOLDING_ATTRIBUTE, HYDRATED_EVENT, holdEarlyPresses, type HoldOptions } from './app/early-press.ts';
import { RENDER_AFRESH_KEYS } from './app/hydration.ts';
import type { FirstData } from './app/first-data.ts';

// What the server needs to answer the marketplace's first call into its page.
export { FIRST_DATA_ID, MARKET_FIRST_CALL } from './app/first-data.ts';

// The boot file's press holder (its source is written into the file) and what it is given.
export { holdEarlyPresses };
export const holdOptions: HoldOptions = {
  renderAfreshKeys: RENDER_AFRESH_KEYS,
  hydratedEvent: HYDRATED_EVENT,
  attribute: HOLDING_ATTRIBUTE,
};

/**
 * The HTML of the app's first render at `path`, as a visitor's browser draws it before anything
 * else has answered: no session, every query loading except those answered in `firstData`, the
 * page's lazy chunk loaded (the render waits for it; the browser keeps this markup until its
 * chunk arrives, then adopts it).
 */
export async function render(path: string, homeVersion?: number, firstData?: FirstData): Promise<string> {
  setHomeVersionHint(homeVersion);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // One piece, in order: a large boundary would otherwise be sent apart and put in place by an
  // inline script, which the CSP forbids (React outlines boundaries over ~12 KB by default).
  const { prelude } = await prerenderToNodeStream(<App router={router} firstData={firstData} />, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.from(part as Uint8Array));
  router.dispose();
  return Buffer.concat(parts).toString('utf8');
}
