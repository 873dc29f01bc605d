import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_SHARED_BUFFERS, openDatabase, queryRows } from './client.ts';

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
});
