import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.ts';
import { staticWebPlugin } from './static-web.ts';

const INDEX =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-abc.js"></script></body></html>';
const APP_JS = 'console.log("starport web app");';
const SECRET = 'SECRET-DO-NOT-SERVE';
const BIG_JS = 'export const ships = ['.concat('"starport",'.repeat(500), '];');

/** A built web app in `<base>/dist`, with a file next to it that must never be served. */
function makeSite(base: string): string {
  const root = path.join(base, 'dist');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), INDEX);
  writeFileSync(path.join(root, 'assets', 'app-abc.js'), APP_JS);
  // What scripts/precompress.mjs leaves beside a large asset.
  writeFileSync(path.join(root, 'assets', 'big-def.js'), BIG_JS);
  writeFileSync(path.join(root, 'assets', 'big-def.js.br'), brotliCompressSync(BIG_JS));
  writeFileSync(path.join(root, 'assets', 'big-def.js.gz'), gzipSync(BIG_JS));
  // The page templates and render code the server reads itself (decisions 0073, 0080).
  mkdirSync(path.join(root, 'prerendered', 'ssr'), { recursive: true });
  writeFileSync(path.join(root, 'prerendered', 'market.html'), `<!--starport:root-->${SECRET}`);
  writeFileSync(path.join(root, 'prerendered', 'ssr', 'prerender.js'), `export const secret = '${SECRET}';`);
  writeFileSync(path.join(base, 'package.json'), JSON.stringify({ name: SECRET }));
  writeFileSync(path.join(base, '.env'), `JWT_ACCESS_SECRET=${SECRET}`);
  return root;
}

async function buildWebApp(root: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  app.get('/api/ping', async () => ({ error: false, pong: true }));
  await app.register(staticWebPlugin, { root });
  await app.ready();
  return app;
}

describe('static web app', () => {
  let base: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    base = mkdtempSync(path.join(tmpdir(), 'starport-web-'));
    app = await buildWebApp(makeSite(base));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('serves index.html for the home page and every page route, never cached', async () => {
    // My Land lives at /assets, beside the hashed files of <root>/assets/: a page there is the app, a missing file is not.
    for (const url of [
      '/',
      '/login',
      '/login/',
      '/registry?code=abc',
      '/forgot_password_update?key=xyz',
      '/assets',
      '/assets/collections',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers an unknown page with a real 404 and the app (which draws its 404 page)', async () => {
    for (const url of ['/no-such-page', '/login/extra', '/my-assets/extra', '/assets/missing.js']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long-lived immutable cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(APP_JS);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await app.inject({ method: 'GET', url: '/index.html' });
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy the browser accepts, and the plain file to one that accepts none', async () => {
    const url = '/assets/big-def.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('answers an unknown API path with the JSON 404 envelope, not the app', async () => {
    for (const url of ['/api/nope', '/api/account/nope?x=1', '/site/nope', '/dev/nope', '/docs/nope', '/healthz/x']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({
        error: true,
        code: 'NOT_FOUND',
        msg: `No such call: GET ${url.split('?')[0]}`,
      });
    }
    const post = await app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ error: true, code: 'NOT_FOUND' });
    // Real API routes still win over the app.
    expect((await app.inject({ method: 'GET', url: '/api/ping' })).json()).toEqual({ error: false, pong: true });
  });

  it('does not leak files outside its root through path traversal', async () => {
    const attempts = [
      '/../package.json',
      '/../.env',
      '/assets/../../package.json',
      '/%2e%2e/package.json',
      '/%2e%2e%2fpackage.json',
      '/..%2fpackage.json',
      '/assets/..%2f..%2fpackage.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/..%5cpackage.json',
      '/%252e%252e/package.json',
      '/....//package.json',
      `/${encodeURIComponent(path.join(base, 'package.json'))}`,
      '/prerendered/market.html',
      '/prerendered/ssr/prerender.js',
      '/assets/../prerendered/ssr/prerender.js',
    ];
    for (const url of attempts) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain(SECRET);
      expect(res.statusCode, url).not.toBe(200);
    }
  });
});

describe('static web app under a folder named assets', () => {
  let base: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    // e.g. deployed to /srv/assets/starport: only <root>/assets/ is hashed and immutable.
    mkdirSync(path.join(tmpdir(), 'assets'), { recursive: true });
    base = mkdtempSync(path.join(tmpdir(), 'assets', 'starport-web-'));
    app = await buildWebApp(makeSite(base));
  });
  afterAll(async () => {
    await app?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('does not cache index.html forever', async () => {
    for (const url of ['/', '/index.html', '/no-such-page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const js = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('static web app built after the server started', () => {
  it('serves the build once it is there (npm start builds it while the server starts)', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'starport-web-'));
    try {
      const app = await buildWebApp(path.join(base, 'dist'));
      expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
      makeSite(base);
      const page = await app.inject({ method: 'GET', url: '/login' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(INDEX);
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc.js' });
      expect(asset.body).toBe(APP_JS);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const br = await app.inject({ method: 'GET', url: '/assets/big-def.js', headers: { 'accept-encoding': 'br' } });
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
      await app.close();
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});

describe('static web app not built', () => {
  it('starts without it (API only)', async () => {
    const base = mkdtempSync(path.join(tmpdir(), 'starport-web-'));
    try {
      const app = await buildWebApp(path.join(base, 'dist'));
      const res = await app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: true, code: 'NOT_FOUND' });
      await app.close();
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
