import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.ts';
import { securityHeadersPlugin } from './security-headers.ts';
import { staticWebPlugin } from './static-web.ts';
import { createMarketRenderer, type ApiGet } from './static-web-render.ts';

const TEMPLATE =
  '<!doctype html><html><head><title>Starport</title></head><body><div id="root"><!--starport:root--></div><!--starport:first-data--></body></html>';

/**
 * A stand-in for the Node build of apps/web/src/prerender.tsx: it draws the first listing's name
 * and records every render on globalThis (each build is a module of its own), as `label`.
 */
const moduleSource = (label: string) => `
export const MARKET_FIRST_CALL = '/api/marketplace/find?page=1&limit=20';
export const FIRST_DATA_ID = 'starport-first-data';
export async function render(urlPath, homeVersion, firstData) {
  if (urlPath === '/market/list') throw new Error('render failed');
  (globalThis.renders ??= []).push({ build: '${label}', urlPath, homeVersion, firstData });
  globalThis.rendering = (globalThis.rendering ?? 0) + 1;
  globalThis.mostAtOnce = Math.max(globalThis.mostAtOnce ?? 0, globalThis.rendering);
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.rendering -= 1;
  return '<main><h1>${label} ' + urlPath + '</h1><h2>' + firstData.market.data[0].name + '</h2></main>';
}
`;

type Render = { build: string; urlPath: string; homeVersion?: number; firstData: { at: number; market: unknown } };
const renders = (): Render[] => ((globalThis as { renders?: Render[] }).renders ??= []);

const LIST = { error: false, total: 2, data: [{ _id: '1', name: 'Nova </script><!-- MK-1' }] };

describe('createMarketRenderer: the marketplace rendered by the server (decision 0080)', () => {
  let root: string;
  let clock: number;
  let calls: string[];
  let answer: { status: number; body: string };
  const get: ApiGet = async (url) => (calls.push(url), answer);
  const writeBuild = (label: string, mtime = new Date()) => {
    mkdirSync(path.join(root, 'prerendered/ssr'), { recursive: true });
    const file = path.join(root, 'prerendered/ssr/prerender.js');
    writeFileSync(file, moduleSource(label));
    utimesSync(file, mtime, mtime);
    writeFileSync(path.join(root, 'prerendered/market.html'), TEMPLATE);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'starport-render-'));
    clock = 1_000_000;
    calls = [];
    answer = { status: 200, body: JSON.stringify(LIST) };
    renders().length = 0;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes the render into #root and the list it drew beside it, as data no markup can end', async () => {
    writeBuild('one');
    const page = await createMarketRenderer(root, get, 5_000, () => clock)('/market');
    expect(calls).toEqual(['/api/marketplace/find?page=1&limit=20']);
    expect(page).toContain('<div id="root"><main><h1>one /market</h1><h2>Nova </script><!-- MK-1</h2></main></div>');
    const data = /<script type="application\/json" id="starport-first-data">(.*?)<\/script>/.exec(page ?? '');
    expect(data?.[1]).not.toContain('<');
    expect(JSON.parse(data?.[1] ?? 'null')).toEqual({ at: clock, market: LIST });
    expect(renders()[0]).toMatchObject({ urlPath: '/market', firstData: { at: clock, market: LIST } });
    expect(page).not.toContain('starport-home');
  });

  it('renders once per period and address, shared by the requests meanwhile, then again', async () => {
    writeBuild('one');
    const render = createMarketRenderer(root, get, 5_000, () => clock);
    const pages = await Promise.all([render('/market'), render('/market'), render('/market')]);
    expect(new Set(pages).size).toBe(1);
    expect(renders()).toHaveLength(1);
    await render('/', 2);
    expect(renders().map((r) => r.urlPath)).toEqual(['/market', '/']);
    clock += 4_999;
    await render('/market');
    expect(renders()).toHaveLength(2);
    clock += 1;
    await render('/market');
    expect(renders()).toHaveLength(3);
    expect(calls).toHaveLength(3);
  });

  it('renders one page at a time (the module keeps the home_version it draws with)', async () => {
    writeBuild('one');
    const render = createMarketRenderer(root, get, 5_000, () => clock);
    (globalThis as { mostAtOnce?: number }).mostAtOnce = 0;
    await Promise.all([render('/market'), render('/', 2), render('/market/other')]);
    expect(renders()).toHaveLength(3);
    expect((globalThis as { mostAtOnce?: number }).mostAtOnce).toBe(1);
  });

  it('draws / as the marketplace with its home_version, and says so in the head for the app', async () => {
    writeBuild('one');
    const page = await createMarketRenderer(root, get, 5_000, () => clock)('/', 2);
    expect(renders()[0]).toMatchObject({ urlPath: '/', homeVersion: 2 });
    expect(page).toContain('<meta name="starport-home" content="2">\n</head>');
  });

  it('gives nothing when the list call fails, and asks again on the next request', async () => {
    writeBuild('one');
    const render = createMarketRenderer(root, get, 5_000, () => clock);
    answer = { status: 503, body: '{"error":true}' };
    expect(await render('/market')).toBeUndefined();
    expect(renders()).toHaveLength(0);
    answer = { status: 200, body: JSON.stringify(LIST) };
    expect(await render('/market')).toContain('<h1>one /market</h1>');
    expect(calls).toHaveLength(2);
  });

  it('gives nothing for a build without the page or its render code (npm start’s quick build)', async () => {
    const render = createMarketRenderer(root, get, 5_000, () => clock);
    expect(await render('/market')).toBeUndefined();
    mkdirSync(path.join(root, 'prerendered'), { recursive: true });
    writeFileSync(path.join(root, 'prerendered/market.html'), TEMPLATE);
    expect(await render('/market')).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('says once that a build’s render code cannot be loaded, then sends nothing from it until the next build', async () => {
    writeBuild('one', new Date(2026, 0, 1));
    writeFileSync(path.join(root, 'prerendered/ssr/prerender.js'), "import 'no-such-package-here';\n");
    utimesSync(path.join(root, 'prerendered/ssr/prerender.js'), new Date(2026, 0, 1), new Date(2026, 0, 1));
    const render = createMarketRenderer(root, get, 0, () => clock);
    await expect(render('/market')).rejects.toThrow(/no-such-package-here/);
    expect(await render('/market')).toBeUndefined();
    writeBuild('two', new Date(2026, 0, 2));
    expect(await render('/market')).toContain('<h1>two /market</h1>');
  });

  it('follows a new build at once: its module is loaded afresh and nothing rendered before is sent', async () => {
    writeBuild('one', new Date(2026, 0, 1));
    const render = createMarketRenderer(root, get, 60_000, () => clock);
    expect(await render('/market')).toContain('<h1>one /market</h1>');
    writeBuild('two', new Date(2026, 0, 2));
    expect(await render('/market')).toContain('<h1>two /market</h1>');
  });
});

describe('static web app with the marketplace rendered by the server', () => {
  const INDEX = '<!doctype html><html><head><title>Starport</title></head><body><div id="root"></div></body></html>';
  const PICTURE = '/images/v1/ship/1-0-1?resize=300x300';
  const HINT = `<link rel="preload" as="image" fetchpriority="high" href="${PICTURE}" />`;
  let root: string;
  let app: FastifyInstance;
  let listFails = false;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'starport-web-'));
    writeFileSync(path.join(root, 'index.html'), INDEX);
    mkdirSync(path.join(root, 'prerendered/ssr'), { recursive: true });
    writeFileSync(path.join(root, 'prerendered/ssr/prerender.js'), moduleSource('served'));
    writeFileSync(path.join(root, 'prerendered/market.html'), TEMPLATE);
    app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    await app.register(securityHeadersPlugin, { crossOriginEmbedderPolicy: false });
    // The list call as the marketplace module answers it.
    app.get('/api/marketplace/find', async (_req, reply) =>
      listFails ? reply.status(503).send({ error: true }) : LIST,
    );
    await app.register(staticWebPlugin, {
      root,
      renderTtlMs: 0,
      facts: { homeVersion: async () => 1, firstMarketPicture: async () => PICTURE },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends /market drawn with the list its own call gives, as uncached HTML, under the strict CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/market' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"><main><h1>served /market</h1>');
    expect(res.body).toContain('<script type="application/json" id="starport-first-data">');
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self'");
  });

  it('sends the page as before with filters in the address, when the list call or the render fails, and on other pages', async () => {
    const asBefore = INDEX.replace('</head>', `${HINT}\n</head>`);
    // filters in the address: another list, nothing written into the page
    expect((await app.inject({ method: 'GET', url: '/market?element=ai' })).body).toBe(INDEX);
    expect((await app.inject({ method: 'GET', url: '/market/list' })).body).toBe(asBefore);
    listFails = true;
    const res = await app.inject({ method: 'GET', url: '/market' });
    listFails = false;
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(asBefore);
    expect((await app.inject({ method: 'GET', url: '/login' })).body).toBe(INDEX);
  });
});
