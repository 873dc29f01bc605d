// Build-time prerender of the first pages (decision 0073): run in Node by scripts/prerender.mjs
// after the client build, never shipped to the browser.
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app.tsx';
import { routes } from './app/routes/route-table.tsx';
import { setHomeVersionHint } from './lib/home-hint.ts';
import { HOLDING_ATTRIBUTE, HYDRATED_EVENT, holdEarlyPresses, type HoldOptions } from './app/early-press.ts';
import { RENDER_AFRESH_KEYS } from './app/hydration.ts';

// The boot file's press holder (its source is written into the file) and what it is given.
export { holdEarlyPresses };
export const holdOptions: HoldOptions = {
  renderAfreshKeys: RENDER_AFRESH_KEYS,
  hydratedEvent: HYDRATED_EVENT,
  attribute: HOLDING_ATTRIBUTE,
};

/**
 * The HTML of the app's first render at `path`, as a visitor's browser draws it before anything
 * has answered: no session, every query loading, the page's lazy chunk loaded (the prerender
 * waits for it; the browser keeps this markup until its chunk arrives, then adopts it).
 */
export async function render(path: string, homeVersion?: number): Promise<string> {
  setHomeVersionHint(homeVersion);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const { prelude } = await prerenderToNodeStream(<App router={router} />);
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(Buffer.from(part as Uint8Array));
  router.dispose();
  return Buffer.concat(parts).toString('utf8');
}
