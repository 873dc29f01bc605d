import { ART_PREFIX } from '@starport/schemas/images';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../plugins/errors.ts';
import { artRoutes } from './art.routes.ts';
import type { ArtServiceOptions } from './art.service.ts';

let app: FastifyInstance;
let root: string;
let cacheDir: string;
/** Log lines of the app: the service logs each conversion at debug level. */
const logs: Array<{ msg: string; file?: string }> = [];

async function buildArtApp(opts: ArtServiceOptions): Promise<FastifyInstance> {
  const stream = { write: (line: string) => void logs.push(JSON.parse(line)) };
  // The same router limit as app.ts, so long keys reach the handler as they do in production.
  const a = Fastify({ routerOptions: { maxParamLength: 1024 }, logger: { level: 'debug', stream } });
  a.setValidatorCompiler(validatorCompiler);
  a.setSerializerCompiler(serializerCompiler);
  await a.register(errorsPlugin);
  await a.register(artRoutes, { prefix: ART_PREFIX, ...opts });
  await a.ready();
  return a;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'starport-art-'));
  cacheDir = path.join(root, 'image-cache');
  app = await buildArtApp({ cacheDir });
});
afterAll(async () => {
  await app.close();
  await rm(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const isWebp = (b: Buffer) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP';
const allFiles = async () => (await readdir(root, { recursive: true })).map(String);

describe('GET /images/v1/:kind/:key', () => {
  it.each([
    ['/images/v1/ship/0-3-42?resize=300x300', 300],
    ['/images/v1/unit/4?resize=150x150', 150],
    ['/images/v1/blindbox/frontier?resize=1200x1200', 1200],
    ['/images/v1/dnc/10000', 800],
  ])('serves %s as WebP of the requested size (%i px) with long-lived cache headers', async (url, px) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(isWebp(res.rawPayload)).toBe(true);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', px, px]);
  });

  it('stores the image once and serves later requests from the disk cache', async () => {
    const first = await get('/images/v1/ship/1-2-7?resize=300x300');
    const file = path.join(cacheDir, 'ship', '1-2-7-300x300.webp');
    const before = await stat(file);
    // Swap the cached bytes: if the next answer carries them, it came from disk, not a new render.
    const marker = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ff00ff' } }).webp().toBuffer();
    await writeFile(file, marker);
    const second = await get('/images/v1/ship/1-2-7?resize=300x300');
    expect(second.rawPayload.equals(marker)).toBe(true);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(false);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    expect((await stat(file)).ino).toBe(before.ino);
  });

  it('answers 304 to a matching If-None-Match, with the tag and cache headers', async () => {
    const first = await get('/images/v1/unit/2?resize=300x300');
    const etag = String(first.headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get('/images/v1/unit/2?resize=300x300', { 'if-none-match': ifNoneMatch });
      expect(res.statusCode).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/images/v1/unit/2?resize=300x300', { 'if-none-match': '"stale"' })).statusCode).toBe(200);
  });

  it('serves the SVG itself with format=svg, locked down by its own CSP', async () => {
    const res = await get('/images/v1/ship/2-3-5?format=svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 512 512"/);
    const again = await get('/images/v1/ship/2-3-5?format=svg', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it.each(['100x100', '300x301', '300', 'abc', '', '300x300x300'])('answers 400 to resize=%s and lists the sizes', async (size) => {
    const res = await get(`/images/v1/ship/0-0-1?resize=${size}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: true, code: 'BAD_REQUEST', msg: 'Image size must be one of 150x150, 300x300, 600x600, 800x800, 1200x1200.' });
  });

  it('answers 400 to an unknown format', async () => {
    const res = await get('/images/v1/ship/0-0-1?format=png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', msg: 'Image format must be webp or svg.' });
  });

  it.each([
    '/images/v1/ship/7-0-1', '/images/v1/ship/0-9-1', '/images/v1/ship/0-0-01', '/images/v1/ship/0-0-99999999999', '/images/v1/ship/0-0-1%00',
    '/images/v1/unit/6', '/images/v1/unit/0', '/images/v1/blindbox/other', '/images/v1/dnc/0', '/images/v1/dnc/-5', '/images/dragon/1',
    '/images/v1/ship/..%2F..%2F..%2Fetc%2Fpasswd', '/images/..%2F..%2Fetc/passwd', '/images/v1/ship/..', '/images/ship', '/images/v1/ship/0-0-1/extra',
    `/images/v1/ship/${'9'.repeat(900)}`,
  ])('answers %s with a 4xx error and writes nothing', async (url) => {
    const before = await allFiles();
    const res = await get(`${url}?resize=300x300`);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json()).toMatchObject({ error: true, code: expect.stringMatching(/NOT_FOUND|BAD_REQUEST/), msg: expect.any(String) });
    expect(await allFiles()).toEqual(before);
  });

  it('converts a new image once for ten requests at the same time, all answered with the same bytes', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => get('/images/v1/ship/2-1-31337?resize=600x600')));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const bytes = results.map((r) => r.rawPayload);
    expect(isWebp(bytes[0]!)).toBe(true);
    for (const b of bytes) expect(b.equals(bytes[0]!)).toBe(true);
    const files = await readdir(path.join(cacheDir, 'ship'));
    expect(files.filter((f) => f.startsWith('2-1-31337-'))).toEqual(['2-1-31337-600x600.webp']);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(logs.filter((l) => l.msg === 'art converted' && l.file?.endsWith('2-1-31337-600x600.webp'))).toHaveLength(1);
  });

  it('serves different sizes of one image as separate cache files', async () => {
    await get('/images/v1/dnc/500?resize=150x150');
    await get('/images/v1/dnc/500?resize=800x800');
    expect((await readdir(path.join(cacheDir, 'dnc'))).filter((f) => f.startsWith('500-')).sort()).toEqual(['500-150x150.webp', '500-800x800.webp']);
  });
});

describe('limits', () => {
  it('keeps serving but stops storing past maxCacheFiles', async () => {
    const dir = path.join(root, 'small-cache');
    const small = await buildArtApp({ cacheDir: dir, maxCacheFiles: 1 });
    for (const seed of [1, 2, 3]) expect((await small.inject(`/images/v1/ship/0-0-${seed}?resize=150x150`)).statusCode).toBe(200);
    expect(await readdir(path.join(dir, 'ship'))).toEqual(['0-0-1-150x150.webp']);
    await small.close();
  });

  it('answers 503 with retry-after when the conversion queue is full, never a hang', async () => {
    const busy = await buildArtApp({ cacheDir: path.join(root, 'busy-cache'), maxConcurrent: 1, maxQueue: 1 });
    const results = await Promise.all([1, 2, 3, 4].map((seed) => busy.inject(`/images/v1/unit/${seed}?resize=1200x1200`)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 503, 503]);
    const refused = results.find((r) => r.statusCode === 503)!;
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({ error: true, code: 'RATE_LIMITED', msg: expect.stringMatching(/try again/) });
    await busy.close();
  });
});
