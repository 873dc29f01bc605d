import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import { copyClusterTemplate, makeClusterTemplates, type TemplateKey } from './cluster-template.ts';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query API as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections (for a stop that overruns its deadline to say why) */
  poolStats?(): { total: number; idle: number; waiting: number };
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite's own start parameters with 32 MB of shared buffers instead of initdb's 128 MB
 * (decision 0072). PostgreSQL sets all of them up at every start: an open of the demo's data
 * folder took ~0.65 s, ~0.3 s with 32 MB; the initdb of a first start runs with them too. A
 * page that is not in them is read through the operating system's file cache, and the
 * embedded database serves one process: the large data sets run on PostgreSQL.
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`];
export const EMBEDDED_TEMPLATE: TemplateKey = { startParams: EMBEDDED_START_PARAMS, migrationsFolder };

const migrateEmbedded = (client: PGlite) => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });

/** The installation's empty and migrated clusters that a new data folder starts from (decision 0074). */
export const prepareEmbeddedTemplates = () => makeClusterTemplates(EMBEDDED_TEMPLATE, migrateEmbedded);

/**
 * PostgreSQL when a URL is given, otherwise PGlite: in DATA_DIR, or in memory when
 * dataDir is null (tests). Migrations are applied before the handle is returned.
 */
export async function openDatabase(opts: {
  url?: string;
  dataDir?: string | null;
  /** PostgreSQL: the pool's most connections (DATABASE_POOL_MAX) */
  poolMax?: number;
  /** a pooled connection failed (dropped by the server): logged, never thrown */
  onConnectionError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.url) {
    // keepAlive: a connection whose peer vanished without a goodbye (a failover, a cut
    // network) is noticed by the kernel instead of hanging a request forever.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolMax ?? 20,
      keepAlive: true,
      // pg_stat_activity names the process each connection belongs to (several copies share a database).
      application_name: `starport:${process.pid}`,
    });
    // A connection the server drops (restart, failover, pg_terminate_backend) must not crash
    // the process. The pool listens on idle connections only ('error' below); a connection
    // checked out by a transaction that is between statements (waiting on a card provider, say)
    // emits 'error' with nobody listening, which Node turns into an uncaught exception that ends
    // every API copy and worker at once. So every connection gets a listener of its own from
    // the moment it is made: the statement that uses it next fails (answered 503), and the pool
    // drops it when it is released.
    const onError = opts.onConnectionError ?? defaultConnectionError;
    pool.on('connect', (client) => {
      client.on('error', (err) => onError(err));
      releaseOnFailedBegin(client);
    });
    // The pool re-emits an idle connection's error; the connection's own listener reported it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const lock = await pool.connect();
    try {
      // Several copies may start at once; only one applies migrations.
      await lock.query('SELECT pg_advisory_lock(7321001)');
      await migratePg(drizzlePg(lock, { schema }), { migrationsFolder });
    } finally {
      await lock.query('SELECT pg_advisory_unlock(7321001)').catch(() => {});
      lock.release();
    }
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    // A new data folder starts from the installation's migrated (or empty) cluster, not initdb (decision 0074).
    await copyClusterTemplate(dir, EMBEDDED_TEMPLATE);
  }
  const client = new PGlite(dir, { startParams: EMBEDDED_START_PARAMS });
  await migrateEmbedded(client);
  const pglite = drizzlePglite(client, { schema });
  return { db: pglite as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/**
 * drizzle's transaction() (node-postgres) sends BEGIN before its try/finally, so a BEGIN that
 * fails never releases its connection. BEGIN fails only when the connection is gone (the
 * server dropped it just as the pool handed it out); each such leak took a connection from the
 * pool for good, and the stop then waited on it forever. This releases the client, with its
 * error so that the pool discards it, when its BEGIN fails that way.
 */
function releaseOnFailedBegin(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (isBegin(args[0]) && result instanceof Promise) {
      result.catch((err: unknown) => {
        if (isDatabaseUnavailable(err)) client.release(err instanceof Error ? err : new Error(String(err)));
      });
    }
    return result;
  };
}

const isBegin = (config: unknown): boolean => {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return typeof text === 'string' && /^\s*begin\b/i.test(text);
};

const defaultConnectionError = (err: Error) => console.warn(`database: a connection was closed (${err.message}); the next query opens a new one`);

/** Runs raw SQL and returns its rows, on either driver. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`SELECT 1`);
    return true;
  } catch {
    return false;
  }
}
