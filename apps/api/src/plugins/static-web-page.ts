import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { escapeHtml } from '../lib/escape-html.ts';
import { hintLinks, sameSite, type RouteHints } from './route-hints.ts';

/** Pages whose largest paint is the first marketplace card's picture (with no filters in the address). */
const MARKET_PAGES = new Set(['/market', '/market/list']);

/** home_version 2 makes `/` the marketplace (storefront.md §1). */
const MARKETPLACE_HOME = 2;

/** What static-web asks the rest of the server about, to write into a page (app.ts gives it). */
export type PageFacts = {
  homeVersion: () => Promise<number>;
  /** Address of the first card's picture on the unfiltered marketplace, as the card asks for it. */
  firstMarketPicture: () => Promise<string | undefined>;
};

/**
 * What goes into the head of the page at `urlPath`: on the marketplace (and on `/` when it is
 * the marketplace), a preload of the first card's picture, the page's largest paint, which the
 * browser otherwise finds only once the app has run and the list call has answered (issue 21,
 * decision 0065), then the page's own chunks, CSS and list call from the build's route hints
 * (decision 0078), which the route-hints script would ask for only once it had loaded. Only
 * same-site addresses are written, escaped; with filters in the address the list is another one,
 * and nothing is added.
 */
export async function pageHead(
  urlPath: string,
  search: string,
  facts: PageFacts,
  hints: RouteHints = {},
): Promise<string> {
  if (search || !(await isMarketPage(urlPath, facts))) return '';
  const picture = await facts.firstMarketPicture();
  const preload = sameSite(picture)
    ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(picture)}" />`
    : '';
  return `${preload}${hintLinks(hints['/market'])}`;
}

/** Whether the page at `urlPath` is the marketplace: its own addresses, and `/` when home_version makes it so. */
async function isMarketPage(urlPath: string, facts: PageFacts): Promise<boolean> {
  return MARKET_PAGES.has(urlPath) || (urlPath === '/' && (await facts.homeVersion()) === MARKETPLACE_HOME);
}

/**
 * Whether the server renders the page at `urlPath` with its first list call (decision 0080): the
 * unfiltered marketplace, with the home_version `/` is drawn with when it is the marketplace.
 * Undefined for every other page, and with a query (the list is then another one).
 */
export async function serverRenderedMarket(
  urlPath: string,
  search: string,
  facts: PageFacts,
): Promise<{ homeVersion?: number } | undefined> {
  if (search || !(await isMarketPage(urlPath, facts))) return undefined;
  return urlPath === '/' ? { homeVersion: MARKETPLACE_HOME } : {};
}

/**
 * The build-time prerender of the page at `urlPath` (scripts/prerender.mjs, decision 0073), a
 * path under the build folder: `/` as the page home_version makes it (its file tells the app
 * which, so the first render matches), `/market`. Only without a query: the prerender is the
 * unfiltered page with nothing in the address for the app to act on.
 */
export async function prerenderedFile(urlPath: string, search: string, facts: PageFacts): Promise<string | undefined> {
  if (search || urlPath !== '/') return undefined;
  // The marketplace's largest paint is its first card's picture, which a build-time render
  // cannot draw (decision 0073): the server renders it with its list (serverRenderedMarket).
  return (await facts.homeVersion()) === MARKETPLACE_HOME ? undefined : 'prerendered/home-1.html';
}

/** At most this many variants of the page are kept (one per distinct head; few in practice). */
const MAX_PAGES = 16;

/**
 * `name` (index.html, or a prerendered page) with `head` written before </head>, kept per build
 * (the file's size and modification time) and per head, so a request costs a stat, not a read.
 * Undefined when the file is not there or has no </head>.
 */
export function createIndexPage(root: string) {
  const pages = new Map<string, string>();
  return async (head: string, name = 'index.html'): Promise<string | undefined> => {
    const file = path.join(root, name);
    const info = await stat(file).catch(() => undefined);
    if (!info) return undefined;
    const key = `${name}:${info.size}:${info.mtimeMs}:${head}`;
    const cached = pages.get(key);
    if (cached !== undefined) return cached;
    const html = await readFile(file, 'utf8');
    const at = html.indexOf('</head>');
    if (at < 0) return undefined;
    const page = `${html.slice(0, at)}${head}\n${html.slice(at)}`;
    if (pages.size >= MAX_PAGES) pages.clear();
    pages.set(key, page);
    return page;
  };
}

/** `read` at most once per `ms`: a page request must not cost a database call each time. */
export function cachedFor<T>(ms: number, read: () => Promise<T>, now: () => number = Date.now): () => Promise<T> {
  let value: { at: number; result: Promise<T> } | undefined;
  return () => {
    if (!value || now() - value.at >= ms) {
      const result = read();
      value = { at: now(), result };
      // A failed read is not kept: the next request asks again.
      result.catch(() => {
        if (value?.result === result) value = undefined;
      });
    }
    return value.result;
  };
}
