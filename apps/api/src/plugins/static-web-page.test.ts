import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.ts';
import { securityHeadersPlugin } from './security-headers.ts';
import { staticWebPlugin } from './static-web.ts';
import { cachedFor, createIndexPage, pageHead, serverRenderedMarket, type PageFacts } from './static-web-page.ts';

const PICTURE = '/images/v1/ship/1-0-219256207?resize=300x300';
const INDEX = '<!doctype html><html><head><title>Starport</title></head><body><div id="root"></div></body></html>';
const HINT = `<link rel="preload" as="image" fetchpriority="high" href="${PICTURE.replace('&', '&amp;')}" />`;

/** Facts as app.ts gives them, with counters of how often each was read. */
function facts(homeVersion: number, picture: string | undefined = PICTURE) {
  const reads = { homeVersion: 0, picture: 0 };
  const given: PageFacts = {
    homeVersion: async () => (reads.homeVersion++, homeVersion),
    firstMarketPicture: async () => (reads.picture++, picture),
  };
  return { given, reads };
}

describe('pageHead: what a page gets in its head', () => {
  it('preloads the first card picture on the marketplace pages, with no filters in the address', async () => {
    const { given } = facts(1);
    expect(await pageHead('/market', '', given)).toBe(HINT);
    expect(await pageHead('/market/list', '', given)).toBe(HINT);
    // Filters or another page ask for another list: nothing to preload.
    expect(await pageHead('/market', 'element=ai', given)).toBe('');
    expect(await pageHead('/market/12', '', given)).toBe('');
    expect(await pageHead('/login', '', given)).toBe('');
  });

  it('adds the marketplace page’s own chunks and list call from the build’s hints, after the picture', async () => {
    const hints = {
      '/market': { js: ['/assets/market-page-a.js'], css: [], fetch: [] },
      '/': { js: ['/assets/home-page-b.js'], css: [], fetch: [] },
    };
    const marketLinks = '<link rel="modulepreload" href="/assets/market-page-a.js" crossorigin data-route-hint />';
    expect(await pageHead('/market', '', facts(1).given, hints)).toBe(`${HINT}${marketLinks}`);
    expect(await pageHead('/', '', facts(2).given, hints)).toBe(`${HINT}${marketLinks}`);
    // The prerendered landing fetches nothing before its first paint (decision 0073).
    expect(await pageHead('/', '', facts(1).given, hints)).toBe('');
    expect(await pageHead('/market', 'rarity=epic', facts(1).given, hints)).toBe('');
  });

  it('preloads it on / only when home_version makes / the marketplace', async () => {
    const landing = facts(1);
    expect(await pageHead('/', '', landing.given)).toBe('');
    expect(landing.reads.picture).toBe(0);
    expect(await pageHead('/', '', facts(2).given)).toBe(HINT);
  });

  it('escapes the address, and writes only a same-site path', async () => {
    const odd = await pageHead('/market', '', facts(1, '/images/a?b=1&c="><script>x</script>').given);
    expect(odd).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/images/a?b=1&amp;c=&quot;&gt;&lt;script&gt;x&lt;/script&gt;" />',
    );
    for (const picture of ['https://elsewhere.example/a.png', '//elsewhere.example/a.png', 'javascript:alert(1)', ''])
      expect(await pageHead('/market', '', facts(1, picture).given), picture).toBe('');
    // An empty marketplace has no first picture.
    const empty: PageFacts = { homeVersion: async () => 1, firstMarketPicture: async () => undefined };
    expect(await pageHead('/market', '', empty)).toBe('');
  });
});

describe('serverRenderedMarket: which pages the server renders with their list (decision 0080)', () => {
  it('is the unfiltered marketplace, and / (drawn with its home_version) while it is the marketplace', async () => {
    expect(await serverRenderedMarket('/market', '', facts(1).given)).toEqual({});
    expect(await serverRenderedMarket('/market/list', '', facts(1).given)).toEqual({});
    expect(await serverRenderedMarket('/', '', facts(2).given)).toEqual({ homeVersion: 2 });
    expect(await serverRenderedMarket('/', '', facts(1).given)).toBeUndefined();
    expect(await serverRenderedMarket('/market', 'page=2', facts(1).given)).toBeUndefined();
    expect(await serverRenderedMarket('/market/12', '', facts(1).given)).toBeUndefined();
    expect(await serverRenderedMarket('/shop', '', facts(2).given)).toBeUndefined();
  });
});

describe('createIndexPage', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'starport-page-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes the head markup before </head>, and follows a new build', async () => {
    writeFileSync(path.join(root, 'index.html'), INDEX);
    const page = createIndexPage(root);
    expect(await page('<meta name="x" />')).toBe(INDEX.replace('</head>', '<meta name="x" />\n</head>'));
    writeFileSync(path.join(root, 'index.html'), INDEX.replace('Starport', 'Starport 2'));
    utimesSync(path.join(root, 'index.html'), new Date(), new Date(Date.now() + 60_000));
    expect(await page('<meta name="x" />')).toContain('Starport 2');
  });

  it('gives nothing when there is no index.html or no </head>', async () => {
    expect(await createIndexPage(path.join(root, 'missing'))('<meta />')).toBeUndefined();
    const bare = path.join(root, 'bare');
    mkdirSync(bare);
    writeFileSync(path.join(bare, 'index.html'), '<div id="root"></div>');
    expect(await createIndexPage(bare)('<meta />')).toBeUndefined();
  });
});

describe('cachedFor', () => {
  it('reads once per period, and again after a failed read', async () => {
    let clock = 0;
    let calls = 0;
    let fail = false;
    const read = cachedFor(
      5_000,
      async () => {
        calls++;
        if (fail) throw new Error('database down');
        return calls;
      },
      () => clock,
    );
    expect(await read()).toBe(1);
    clock = 4_999;
    expect(await read()).toBe(1);
    clock = 5_000;
    fail = true;
    await expect(read()).rejects.toThrow('database down');
    fail = false;
    expect(await read()).toBe(3);
    expect(calls).toBe(3);
  });
});

describe('static web app with page facts', () => {
  let root: string;
  let app: FastifyInstance;
  let homeVersion = 1;
  let broken = false;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'starport-web-'));
    writeFileSync(path.join(root, 'index.html'), INDEX);
    app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    // helmet's defaults, as app.ts registers them: the page written here must not loosen them.
    await app.register(securityHeadersPlugin, { crossOriginEmbedderPolicy: false });
    await app.register(staticWebPlugin, {
      root,
      facts: {
        homeVersion: async () => homeVersion,
        firstMarketPicture: async () => {
          if (broken) throw new Error('database down');
          return PICTURE;
        },
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends /market with its picture preloaded, as uncached HTML', async () => {
    const res = await app.inject({ method: 'GET', url: '/market' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX.replace('</head>', `${HINT}\n</head>`));
  });

  it('keeps the strict CSP: scripts from the site only, none inline', async () => {
    const res = await app.inject({ method: 'GET', url: '/market' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self'");
    expect(res.body).not.toMatch(/<script/);
  });

  it('sends / as the marketplace or the landing page, as the setting says', async () => {
    homeVersion = 2;
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain(HINT);
    homeVersion = 1;
    expect((await app.inject({ method: 'GET', url: '/' })).body).toBe(INDEX);
  });

  it('sends the page as built when the facts cannot be read, and other pages as built', async () => {
    broken = true;
    const res = await app.inject({ method: 'GET', url: '/market' });
    broken = false;
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect((await app.inject({ method: 'GET', url: '/login' })).body).toBe(INDEX);
    const missing = await app.inject({ method: 'GET', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(INDEX);
  });
});

describe('static web app with a prerendered landing (decision 0073)', () => {
  const LANDING = INDEX.replace('<div id="root"></div>', '<div id="root"><h1>Build your fleet at Starport</h1></div>');
  let root: string;
  let app: FastifyInstance;
  let homeVersion = 1;
  let broken = false;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'starport-web-'));
    writeFileSync(path.join(root, 'index.html'), INDEX);
    mkdirSync(path.join(root, 'prerendered'));
    writeFileSync(path.join(root, 'prerendered', 'home-1.html'), LANDING);
    app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    await app.register(securityHeadersPlugin, { crossOriginEmbedderPolicy: false });
    await app.register(staticWebPlugin, {
      root,
      facts: {
        homeVersion: async () => {
          if (broken) throw new Error('database down');
          return homeVersion;
        },
        firstMarketPicture: async () => PICTURE,
      },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends the prerendered landing for / while the landing is the home page, as uncached HTML', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(LANDING.replace('</head>', '\n</head>'));
  });

  it('sends the app as built when / is the marketplace, with a query, on other pages, or when the setting cannot be read', async () => {
    homeVersion = 2;
    expect((await app.inject({ method: 'GET', url: '/' })).body).toBe(INDEX.replace('</head>', `${HINT}\n</head>`));
    homeVersion = 1;
    expect((await app.inject({ method: 'GET', url: '/?code=abc' })).body).toBe(INDEX);
    expect((await app.inject({ method: 'GET', url: '/market' })).body).toBe(
      INDEX.replace('</head>', `${HINT}\n</head>`),
    );
    expect((await app.inject({ method: 'GET', url: '/login' })).body).toBe(INDEX);
    broken = true;
    const res = await app.inject({ method: 'GET', url: '/' });
    broken = false;
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });
});
