// Build-time prerender of the first pages (decision 0073): run in Node by scripts/prerender.mjs
// after the client build, never shipped to the browser.
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import { App } from './app/app.tsx';
import { routes } from './app/routes/route-table.tsx';
import { setHomeVersionHint } from './lib/home-hint.ts';

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
