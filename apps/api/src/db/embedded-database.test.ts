import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterTemplateDirs } from './cluster-template.ts';
import { EMBEDDED_SHARED_BUFFERS, EMBEDDED_TEMPLATE, openDatabase, prepareEmbeddedTemplates, queryRows } from './client.ts';

describe('the embedded database (PGlite)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starport-embedded-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('runs with the smaller shared buffers on a first open and on the next one, and keeps its data (decision 0072)', async () => {
    const first = await openDatabase({ dataDir });
    try {
      expect(await queryRows(first.db, sql`SHOW shared_buffers`)).toEqual([{ shared_buffers: EMBEDDED_SHARED_BUFFERS }]);
      await first.db.execute(sql`CREATE TABLE kept (n int)`);
      await first.db.execute(sql`INSERT INTO kept SELECT generate_series(1, 5000)`);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir });
    try {
      expect(await queryRows(again.db, sql`SHOW shared_buffers`)).toEqual([{ shared_buffers: EMBEDDED_SHARED_BUFFERS }]);
      expect(await queryRows(again.db, sql`SELECT count(*)::int AS n, sum(n)::int AS total FROM kept`)).toEqual([{ n: 5000, total: 12502500 }]);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('starts a new data folder from the installation\'s migrated cluster (decision 0074)', async () => {
    // npm install made it; made here when the install skipped its scripts
    await prepareEmbeddedTemplates();
    const fresh = mkdtempSync(path.join(tmpdir(), 'starport-embedded-fresh-'));
    try {
      const database = await openDatabase({ dataDir: fresh });
      await database.close();
      // initdb gives each cluster its own system identifier, the first 8 bytes of pg_control: a copy keeps it.
      const systemId = (dir: string) => readFileSync(path.join(dir, 'global', 'pg_control')).subarray(0, 8).toString('hex');
      expect(systemId(path.join(fresh, 'pglite'))).toBe(systemId(clusterTemplateDirs(EMBEDDED_TEMPLATE)!.migrated));
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 120_000);
});
