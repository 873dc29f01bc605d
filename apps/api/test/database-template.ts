// Vitest global setup of the API tests: one embedded database is created and migrated per run,
// and each test's PGlite starts on a copy of its folder (test-database.ts). A fresh PGlite runs
// initdb and every migration, ~3.5 s on this machine; opening a copied folder takes ~0.8 s.
// (An in-memory PGlite loaded from a dump, loadDataDir, was no faster than a fresh one.)
// The run's folder itself starts from npm install's migrated cluster when the migrations match
// (decision 0074), so this setup rarely runs initdb.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { dropLeftTestDatabases } from './left-test-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a DATA_DIR whose `pglite` folder holds this run's migrated embedded database */
    migratedDataDir: string;
    /** the start of the name of every PostgreSQL database this run's tests make (test-database.ts) */
    testDatabasePrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starport-test-template-'));
  const database = await openDatabase({ dataDir });
  await database.close();
  project.provide('migratedDataDir', dataDir);
  // A prefix of this run's own: its teardown drops what its tests left, never another run's.
  const prefix = `starport_test_${Date.now().toString(36)}${randomBytes(2).toString('hex')}_`;
  project.provide('testDatabasePrefix', prefix);
  return async () => {
    rmSync(dataDir, { recursive: true, force: true });
    for (const report of await dropLeftTestDatabases(prefix)) {
      console.warn(`A test left its PostgreSQL database behind; dropped at the end of the run: ${report}`);
    }
  };
}
