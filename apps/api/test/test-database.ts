import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';

/** The machine's PostgreSQL, for tests that must see real concurrency. */
export const POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A database of the test's own, dropped on close: a fresh PostgreSQL database when
 * DATABASE_URL is set (or `postgres` is forced), else a PGlite in a folder of its own.
 */
export async function createTestDatabase(
  kind: 'default' | 'postgres' = 'default',
): Promise<Database & { url?: string }> {
  if (kind === 'default' && !process.env.DATABASE_URL) return copyOfMigratedPglite();
  const name = `starport_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  // Dropping the database ends these connections; that is expected here, not worth a warning.
  const database = await openDatabase({ url: url.toString(), onConnectionError: () => {} });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const drop = new pg.Client({ connectionString: POSTGRES_URL });
      await drop.connect();
      // The pool's sockets may still be closing: wait for them rather than killing them mid-goodbye.
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await drop.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    },
  };
}

/** A PGlite on a copy of the run's migrated database (database-template.ts), removed on close. */
async function copyOfMigratedPglite(): Promise<Database> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starport-test-db-'));
  cpSync(path.join(inject('migratedDataDir'), 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
  const database = await openDatabase({ dataDir });
  return {
    ...database,
    async close() {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
