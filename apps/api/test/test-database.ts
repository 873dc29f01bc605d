import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { POSTGRES_URL } from './left-test-databases.ts';

export { POSTGRES_URL };

/**
 * A database of the test's own, dropped on close: a fresh PostgreSQL database when
 * DATABASE_URL is set (or `postgres` is forced), else a PGlite in a folder of its own.
 */
export async function createTestDatabase(
  kind: 'default' | 'postgres' = 'default',
): Promise<Database & { url?: string }> {
  if (kind === 'default' && !process.env.DATABASE_URL) return copyOfMigratedPglite();
  // The run's prefix (database-template.ts) lets the run drop what a failed test left behind.
  const name = `${inject('testDatabasePrefix')}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const madeBy = path.relative(process.cwd(), expect.getState().testPath ?? 'an unknown test');
  await admin.query(`COMMENT ON DATABASE ${name} IS ${admin.escapeLiteral(madeBy)}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  // Dropping the database ends these connections; that is expected here, not worth a warning.
  const database = await openDatabase({ url: url.toString(), onConnectionError: () => {} });
  return {
    ...database,
    url: url.toString(),
    async close() {
      try {
        await database.close();
      } finally {
        await dropDatabase(name); // even when the pool ended badly: the server is shared
      }
    },
  };
}

async function dropDatabase(name: string): Promise<void> {
  const drop = new pg.Client({ connectionString: POSTGRES_URL });
  await drop.connect();
  try {
    // The pool's sockets may still be closing: wait for them rather than killing them mid-goodbye.
    for (let attempt = 0; attempt < 50; attempt++) {
      const { rows } = await drop.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]?.n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await drop.end();
  }
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
