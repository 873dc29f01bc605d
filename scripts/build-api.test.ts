import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_BUNDLE, OWN_CODE_BUNDLE, buildApiBundle } from './build-api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the API server bundle (decision 0060)', () => {
  it('holds our TypeScript, imports packages from node_modules, and keeps each file its own import.meta.url', async () => {
    await buildApiBundle();
    const bundle = readFileSync(API_BUNDLE, 'utf8');
    // ours, workspace packages included: bundled
    expect(bundle).toContain('Starport is running at');
    expect(bundle).not.toMatch(/from ["']@starport\//);
    // plain JavaScript packages: bundled (decision 0072); those that need their own files: imports
    expect(bundle).not.toMatch(/from ["']fastify["']/);
    expect(bundle).toMatch(/from ["']@electric-sql\/pglite["']/);
    expect(bundle).toMatch(/from ["']@node-rs\/argon2["']/);
    // paths derived from import.meta.url still point into the source tree
    expect(bundle).toContain(JSON.stringify(pathToFileURL(path.join(root, 'apps/api/src/db/client.ts')).href));
    expect(bundle).toContain(JSON.stringify(pathToFileURL(path.join(root, 'packages/chain/src/anvil.ts')).href));
    expect(bundle).toContain('sourceMappingURL=main.mjs.map');
    // the map names our files only
    const map = JSON.parse(readFileSync(`${API_BUNDLE}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources).toContain('../src/main.ts');
    expect(map.sources).toContain('../../../packages/chain/src/anvil.ts');
    expect(map.sources.filter((s) => s.includes('node_modules/'))).toEqual([]);
  }, 60_000);

  it('the own-code bundle, for a start while the packed one is out of date, leaves every package an import', async () => {
    await buildApiBundle(OWN_CODE_BUNDLE);
    const bundle = readFileSync(OWN_CODE_BUNDLE, 'utf8');
    expect(bundle).toContain('Starport is running at');
    expect(bundle).not.toMatch(/from ["']@starport\//);
    expect(bundle).toMatch(/from ["']fastify["']/);
    expect(bundle).toMatch(/from ["']@electric-sql\/pglite["']/);
    expect(bundle).toContain('sourceMappingURL=main-own-code.mjs.map');
    // every use of import.meta.url in our files was found and given that file's URL
    expect(bundle).toContain(JSON.stringify(pathToFileURL(path.join(root, 'apps/api/src/db/client.ts')).href));
    expect(bundle).toContain(JSON.stringify(pathToFileURL(path.join(root, 'packages/chain/src/anvil.ts')).href));
    expect(bundle).not.toContain('import.meta.url');
    const map = JSON.parse(readFileSync(`${OWN_CODE_BUNDLE}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources).toContain('../src/main.ts');
    expect(map.sources.filter((s) => s.includes('node_modules/'))).toEqual([]);
  }, 60_000);
});
