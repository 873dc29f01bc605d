import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { escapeHtml } from '../lib/escape-html.ts';

/**
 * A first page's files and API calls, as the web build lists them (apps/web/vite-route-preload.ts
 * writes them to this file beside its route-hints script, decision 0078).
 */
export type RouteHint = { js: string[]; css: string[]; fetch: string[] };
export type RouteHints = Record<string, RouteHint>;

const HINTS_FILE = '.vite/route-hints.json';

/** An address on this site (a path, not `//other.host`): the only kind a page head is given. */
export const sameSite = (href: unknown): href is string => typeof href === 'string' && href.startsWith('/') && !href.startsWith('//');

/** The build's hints, read again only when the file changes; none when it is missing or unreadable. */
export function createRouteHints(root: string): () => Promise<RouteHints> {
  let kept: { key: string; hints: RouteHints } | undefined;
  const file = path.join(root, HINTS_FILE);
  return async () => {
    const info = await stat(file).catch(() => undefined);
    if (!info) return {};
    const key = `${info.size}:${info.mtimeMs}`;
    if (kept?.key === key) return kept.hints;
    try {
      const hints = JSON.parse(await readFile(file, 'utf8')) as RouteHints;
      kept = { key, hints };
      return hints;
    } catch {
      return {};
    }
  };
}

/**
 * The links of a page's hint, marked so the route-hints script leaves the page alone. The same
 * attributes the script gives them (crossorigin), so the app's own loads take what was preloaded.
 */
export function hintLinks(hint: RouteHint | undefined): string {
  if (!hint) return '';
  const link = (rel: string, href: string, as?: string) =>
    `<link rel="${rel}" href="${escapeHtml(href)}"${as ? ` as="${as}"` : ''} crossorigin data-route-hint />`;
  return [
    ...(hint.js ?? []).filter(sameSite).map((href) => link('modulepreload', href)),
    ...(hint.css ?? []).filter(sameSite).map((href) => link('preload', href, 'style')),
    ...(hint.fetch ?? []).filter(sameSite).map((href) => link('preload', href, 'fetch')),
  ].join('');
}
