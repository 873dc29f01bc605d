import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRouteHints, hintLinks } from './route-hints.ts';

const MARKET = {
  js: ['/assets/market-page-a.js', '/assets/pagination-b.js'],
  css: ['/assets/market-page-c.css'],
  fetch: ['/api/marketplace/find?page=1&limit=20'],
};

describe('hintLinks: a first page’s files and call as links', () => {
  it('writes module preloads, style and fetch preloads, marked and with crossorigin as the app loads them', () => {
    expect(hintLinks(MARKET)).toBe(
      '<link rel="modulepreload" href="/assets/market-page-a.js" crossorigin data-route-hint />' +
        '<link rel="modulepreload" href="/assets/pagination-b.js" crossorigin data-route-hint />' +
        '<link rel="preload" href="/assets/market-page-c.css" as="style" crossorigin data-route-hint />' +
        '<link rel="preload" href="/api/marketplace/find?page=1&amp;limit=20" as="fetch" crossorigin data-route-hint />',
    );
  });

  it('writes nothing without a hint, and only same-site addresses, escaped', () => {
    expect(hintLinks(undefined)).toBe('');
    const odd = hintLinks({ js: ['//evil.example/x.js', 'https://evil.example/y.js', '/a".js'], css: [], fetch: [] });
    expect(odd).toBe('<link rel="modulepreload" href="/a&quot;.js" crossorigin data-route-hint />');
  });
});

describe('createRouteHints: the build’s hints file', () => {
  let root: string;
  const file = () => path.join(root, '.vite/route-hints.json');
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'starport-route-hints-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('reads the file, keeps it, and follows a new build', async () => {
    mkdirSync(path.join(root, '.vite'));
    writeFileSync(file(), JSON.stringify({ '/market': MARKET }));
    const hints = createRouteHints(root);
    expect(await hints()).toEqual({ '/market': MARKET });
    const rebuilt = { '/market': { ...MARKET, js: ['/assets/market-page-new.js'] } };
    writeFileSync(file(), JSON.stringify(rebuilt));
    utimesSync(file(), new Date(), new Date(Date.now() + 5_000));
    expect(await hints()).toEqual(rebuilt);
  });

  it('gives no hints when the build has none or the file cannot be read', async () => {
    expect(await createRouteHints(root)()).toEqual({});
    mkdirSync(path.join(root, '.vite'));
    writeFileSync(file(), '{ not json');
    expect(await createRouteHints(root)()).toEqual({});
  });
});
