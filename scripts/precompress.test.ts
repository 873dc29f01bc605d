import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { isPrecompressed, precompressBuild } from './precompress.mjs';

let dist: string;
const BIG = 'export const fleet = ['.concat('"starport",'.repeat(400), '];');
beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'starport-precompress-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html>'.repeat(100));
  writeFileSync(path.join(dist, 'assets', 'fleet-abc.js'), BIG);
  writeFileSync(path.join(dist, 'assets', 'tiny-abc.js'), 'go();');
  writeFileSync(path.join(dist, 'assets', 'ship-abc.png'), Buffer.alloc(4096, 7));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

test('writes .br and .gz beside each text file worth it, then marks the build as done', async () => {
  expect(isPrecompressed(dist)).toBe(false);
  expect(await precompressBuild(dist)).toBe(2);
  const file = path.join(dist, 'assets', 'fleet-abc.js');
  expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(BIG);
  expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(BIG);
  // too small to be worth it, and not text: left alone; no temporary file left behind
  expect(readdirSync(path.join(dist, 'assets')).sort()).toEqual(['fleet-abc.js', 'fleet-abc.js.br', 'fleet-abc.js.gz', 'ship-abc.png', 'tiny-abc.js']);
  expect(isPrecompressed(dist)).toBe(true);
});

test('leaves the server’s render code alone: it is read from disk, never sent (decision 0080)', async () => {
  mkdirSync(path.join(dist, 'prerendered', 'ssr', 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'prerendered', 'ssr', 'prerender.js'), BIG);
  writeFileSync(path.join(dist, 'prerendered', 'ssr', 'assets', 'page-abc.js'), BIG);
  writeFileSync(path.join(dist, 'prerendered', 'market.html'), '<!doctype html>'.repeat(100));
  expect(await precompressBuild(dist)).toBe(3);
  expect(readdirSync(path.join(dist, 'prerendered')).sort()).toEqual(['market.html', 'market.html.br', 'market.html.gz', 'ssr']);
  expect(readdirSync(path.join(dist, 'prerendered', 'ssr')).sort()).toEqual(['assets', 'prerender.js']);
});
