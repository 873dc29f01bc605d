import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusterTemplateDirs, copyClusterTemplate, makeClusterTemplates, templateCacheDir, type TemplateKey } from './cluster-template.ts';

const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Decision 0074: npm install makes an empty and a migrated cluster; a new data folder starts
 * from a copy. Each test works in a cache folder of its own, never the installation's.
 */
describe('the embedded database cluster templates', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'starport-cluster-template-'));
  const cacheDir = path.join(work, 'cache');
  // A migrations folder of our own with one table, so the migrated template is told apart.
  const migrationsFolder = path.join(work, 'migrations');
  const key: TemplateKey = { startParams: START_PARAMS, migrationsFolder };
  const migrate = async (pglite: PGlite) => {
    await pglite.exec(readFileSync(path.join(migrationsFolder, '0000_kept.sql'), 'utf8'));
  };
  let dataDirs = 0;
  const newDataDir = () => {
    const dir = path.join(work, `data-${++dataDirs}`, 'pglite');
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const tablesIn = async (dataDir: string) => {
    const pglite = await PGlite.create(dataDir, { startParams: START_PARAMS });
    try {
      const { rows } = await pglite.query<{ name: string }>(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`);
      return rows.map((row) => row.name);
    } finally {
      await pglite.close();
    }
  };

  beforeAll(async () => {
    mkdirSync(migrationsFolder);
    writeFileSync(path.join(migrationsFolder, '0000_kept.sql'), 'CREATE TABLE kept (n int);');
    expect(await makeClusterTemplates(key, migrate, cacheDir)).toBe('made');
  }, 120_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('lives in node_modules/.cache/starport of the installation', () => {
    expect(templateCacheDir()).toMatch(/node_modules[\\/]\.cache[\\/]starport$/);
  });

  it('makes both once: a second run finds them', async () => {
    const dirs = clusterTemplateDirs(key, cacheDir)!;
    expect(existsSync(path.join(dirs.empty, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(dirs.migrated, 'PG_VERSION'))).toBe(true);
    expect(await makeClusterTemplates(key, migrate, cacheDir)).toBe('present');
    // nothing half-made is left beside them
    expect(readdirSync(cacheDir).sort()).toEqual([path.basename(dirs.empty), path.basename(dirs.migrated)].sort());
  });

  it('fills an empty data folder with the migrated cluster, which opens with its tables', async () => {
    const dataDir = newDataDir();
    expect(await copyClusterTemplate(dataDir, key, cacheDir)).toBe('migrated');
    expect(await tablesIn(dataDir)).toEqual(['kept']);
    expect(readdirSync(path.dirname(dataDir))).toEqual(['pglite']);
  }, 60_000);

  it('copies the empty cluster when the migrations changed since the templates were made', async () => {
    const changed = path.join(work, 'migrations-changed');
    cpSync(migrationsFolder, changed, { recursive: true });
    writeFileSync(path.join(changed, '0001_more.sql'), 'CREATE TABLE more (n int);');
    const dataDir = newDataDir();
    expect(await copyClusterTemplate(dataDir, { ...key, migrationsFolder: changed }, cacheDir)).toBe('empty');
    expect(await tablesIn(dataDir)).toEqual([]);
  }, 60_000);

  it('never touches a data folder that holds anything', async () => {
    const dataDir = newDataDir();
    writeFileSync(path.join(dataDir, 'PG_VERSION'), 'a cluster of its own\n');
    expect(await copyClusterTemplate(dataDir, key, cacheDir)).toBeNull();
    expect(readdirSync(dataDir)).toEqual(['PG_VERSION']);
    expect(readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8')).toBe('a cluster of its own\n');
  });

  it('copies nothing for other start parameters or without templates: the start runs initdb', async () => {
    expect(await copyClusterTemplate(newDataDir(), { ...key, startParams: [...START_PARAMS, '-c', 'work_mem=8MB'] }, cacheDir)).toBeNull();
    expect(await copyClusterTemplate(newDataDir(), key, path.join(work, 'no-cache'))).toBeNull();
    expect(await copyClusterTemplate(newDataDir(), key, null)).toBeNull();
  });
});
