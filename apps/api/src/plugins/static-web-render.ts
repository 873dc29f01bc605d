import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml } from '../lib/escape-html.ts';

/**
 * What the Node build of apps/web/src/prerender.tsx offers the server: scripts/prerender.mjs
 * keeps it in the web build beside the page it is rendered into (decision 0080).
 */
type RenderModule = {
  render(urlPath: string, homeVersion?: number, firstData?: unknown): Promise<string>;
  MARKET_FIRST_CALL: string;
  FIRST_DATA_ID: string;
};

const MODULE_FILE = 'prerendered/ssr/prerender.js';
const TEMPLATE_FILE = 'prerendered/market.html';
const ROOT_MARK = '<!--starport:root-->';
const DATA_MARK = '<!--starport:first-data-->';

/** A GET of this server's own API, as a browser would make it (app.inject in the plugin). */
export type ApiGet = (url: string) => Promise<{ status: number; body: string }>;

/** JSON inside `<script type="application/json">`: no `</script>` or `<!--` can end it early. */
const scriptSafe = (json: string): string => json.replace(/</g, '\\u003c');

type Build = { key: string; module: Promise<RenderModule>; template: Promise<string>; unusable?: boolean };
type Rendered = { at: number; html: Promise<string | undefined> };

/**
 * The marketplace page rendered on the server (decision 0080): the build's marketplace page with
 * the app's render of `urlPath` in #root and, beside it, the first list call's answer the render
 * used, for the app's cache, so the first cards and their pictures paint with the HTML and the
 * app adopts them (its largest paint no longer waits for the app, its list call and its render).
 *
 * One render per address and per `ttlMs`, shared by the requests meanwhile (the app then asks
 * again for the list, marked stale). Undefined when the build has no such page (`npm start`'s
 * quick build), or when the list call or the render fails: the page is then sent as before.
 */
export function createMarketRenderer(root: string, get: ApiGet, ttlMs: number, now: () => number = Date.now) {
  let build: Build | undefined;
  const rendered = new Map<string, Rendered>();
  // The render sets the home_version it draws `/` with in the module (home-hint.ts) and awaits
  // the page's chunk: two renders at once could each draw with the other's. They take ~20 ms.
  let previous: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = previous.then(work, work);
    previous = run.catch(() => undefined);
    return run;
  };

  async function currentBuild(): Promise<Build | undefined> {
    const moduleFile = path.join(root, MODULE_FILE);
    const templateFile = path.join(root, TEMPLATE_FILE);
    const [moduleInfo, templateInfo] = await Promise.all([
      stat(moduleFile).catch(() => undefined),
      stat(templateFile).catch(() => undefined),
    ]);
    if (!moduleInfo || !templateInfo) return undefined;
    const key = `${moduleInfo.mtimeMs}:${moduleInfo.size}:${templateInfo.mtimeMs}:${templateInfo.size}`;
    if (build?.key !== key) {
      // A new build is a new module: the query makes Node load the file again instead of its cache.
      const module = import(
        `${pathToFileURL(moduleFile).href}?build=${encodeURIComponent(key)}`
      ) as Promise<RenderModule>;
      build = { key, module, template: readFile(templateFile, 'utf8') };
      module.catch(() => undefined);
      rendered.clear();
    }
    return build;
  }

  async function renderPage(
    current: Build,
    urlPath: string,
    homeVersion: number | undefined,
    at: number,
  ): Promise<string | undefined> {
    if (current.unusable) return undefined;
    const [module, template] = await Promise.all([current.module, current.template]).catch((err: unknown) => {
      // Said once (the caller logs it), then the page is sent as before until the next build:
      // e.g. a server installed without the web app's packages, which the render code imports.
      current.unusable = true;
      throw err;
    });
    if (!template.includes(ROOT_MARK) || !template.includes(DATA_MARK)) return undefined;
    const answer = await get(module.MARKET_FIRST_CALL);
    if (answer.status !== 200) return undefined;
    const firstData = { at, market: JSON.parse(answer.body) as unknown };
    const markup = await oneAtATime(() => module.render(urlPath, homeVersion, firstData));
    const data = `<script type="application/json" id="${escapeHtml(module.FIRST_DATA_ID)}">${scriptSafe(`{"at":${at},"market":${answer.body}}`)}</script>`;
    const page = template.replace(DATA_MARK, () => data).replace(ROOT_MARK, () => markup);
    // The home_version the render drew `/` with, for the app's first render (home-hint.ts).
    return homeVersion === undefined
      ? page
      : page.replace('</head>', () => `<meta name="starport-home" content="${homeVersion}">\n</head>`);
  }

  return async (urlPath: string, homeVersion?: number): Promise<string | undefined> => {
    const current = await currentBuild();
    if (!current) return undefined;
    const key = `${urlPath}:${homeVersion ?? ''}`;
    const kept = rendered.get(key);
    if (kept && now() - kept.at < ttlMs) return kept.html;
    const at = now();
    const html = renderPage(current, urlPath, homeVersion, at);
    const entry = { at, html };
    rendered.set(key, entry);
    // A failed render is not kept: the next request tries again.
    const forget = () => {
      if (rendered.get(key) === entry) rendered.delete(key);
    };
    html.then((page) => page === undefined && forget(), forget);
    return html;
  };
}
