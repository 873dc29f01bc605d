import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCatalogue } from '../modules/catalogue/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { compressionPlugin } from './compression.ts';
import { staticWebPlugin } from './static-web.ts';

const BIG = { error: false, data: Array.from({ length: 200 }, (_, i) => ({ _id: String(i), name: `Ship ${i}`, price: 10 + i })) };
const SMALL = { error: false, pong: true };
const ASSET = 'export const fleet = ['.concat('"starport",'.repeat(400), '];');

describe('compressed answers', () => {
  let base: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    base = mkdtempSync(path.join(tmpdir(), 'starport-compress-'));
    const root = path.join(base, 'dist');
    mkdirSync(path.join(root, 'assets'), { recursive: true });
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Starport</title>');
    writeFileSync(path.join(root, 'assets', 'fleet-abc.js'), ASSET);
    writeFileSync(path.join(root, 'assets', 'fleet-abc.js.br'), brotliCompressSync(ASSET));
    writeFileSync(path.join(root, 'assets', 'plain-abc.js'), ASSET);
    app = Fastify({ logger: false });
    await app.register(compressionPlugin);
    app.get('/api/big', async () => BIG);
    app.get('/api/small', async () => SMALL);
    await app.register(staticWebPlugin, { root });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    rmSync(base, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends brotli to a browser that accepts it, and the same JSON comes out', async () => {
    const res = await get('/api/big', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(BIG).length / 4);
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(BIG);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await get('/api/big', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString())).toEqual(BIG);
  });

  it('sends plain JSON to a client that asks for no encoding, and a small answer always plain', async () => {
    const plain = await get('/api/big');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(BIG);
    const small = await get('/api/small', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual(SMALL);
  });

  it('compresses an asset whose .br is not written yet (npm start precompresses after it is healthy)', async () => {
    const res = await get('/assets/plain-abc.js', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET);
  });

  it('leaves a precompressed asset of the web build as built, not compressed twice', async () => {
    const res = await get('/assets/fleet-abc.js', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET);
  });
});

describe('compression in the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoCatalogue(t.database.db);
  });
  afterAll(async () => t?.close());

  it('compresses a marketplace page for a browser, and sends the same page plain to a client that asks for none', async () => {
    const url = '/api/marketplace/find?page=1';
    const plain = await t.app.inject({ method: 'GET', url });
    const compressed = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(plain.body);
  });
});
