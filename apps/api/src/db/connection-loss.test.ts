import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { isDatabaseUnavailable } from '../lib/db-errors.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, errorsPlugin } from '../plugins/errors.ts';
import { openDatabase, queryRows, type Database, type Tx } from './client.ts';

/**
 * A database connection dropped while a transaction holds it (pg_terminate_backend, a restart,
 * a failover) used to end the process: node-postgres emits 'error' on a checked-out client
 * with nobody listening. Always on PostgreSQL: PGlite has no connections to lose.
 */
describe('a database connection lost mid-transaction', () => {
  let owner: Database & { url?: string };
  let database: Database;
  let admin: pg.Client;
  const reported: Error[] = [];

  beforeAll(async () => {
    owner = await createTestDatabase('postgres');
    database = await openDatabase({ url: owner.url!, onConnectionError: (err) => reported.push(err) });
    admin = new pg.Client({ connectionString: owner.url! });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
    await owner?.close();
  });

  /** Runs a transaction that, between two statements, has its connection ended by the server. */
  async function cutMidTransaction<T>(second: (tx: Tx) => Promise<T>): Promise<T> {
    return database.db.transaction(async (tx) => {
      const [me] = await queryRows<{ pid: number }>(tx, sql`SELECT pg_backend_pid() AS pid`);
      const before = reported.length;
      await admin.query('SELECT pg_terminate_backend($1)', [me!.pid]);
      // The connection is idle in its transaction, so the only one to hear the server's
      // goodbye is the connection's own 'error' listener: wait until it has.
      await expect.poll(() => reported.length).toBeGreaterThan(before);
      return second(tx);
    });
  }

  it('reports the dropped connection, fails only the statement that needed it, and the pool goes on', async () => {
    const failure = await cutMidTransaction((tx) => tx.execute(sql`SELECT 1`)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).not.toBeNull();
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(reported.some((e) => /terminat/i.test(e.message))).toBe(true);
    // The broken connection left the pool; the next statement gets a fresh one.
    const [row] = await queryRows<{ ok: number }>(database.db, sql`SELECT 1 AS ok`);
    expect(row?.ok).toBe(1);
  });

  it('answers the request that hit it with 503 and a sentence, not a 500', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.post('/pay', async () => cutMidTransaction((tx) => tx.execute(sql`SELECT 1`)));
    try {
      const res = await app.inject({ method: 'POST', url: '/pay' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toEqual({ error: true, code: 'UNAVAILABLE', msg: DATABASE_UNAVAILABLE_MESSAGE });
    } finally {
      await app.close();
    }
  });

  it('never leaks a connection whose transaction could not begin (the pool stays whole through blips)', async () => {
    const appPids = async () =>
      (
        await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
             AND application_name = $1`,
          [`starport:${process.pid}`],
        )
      ).rows.map((r) => r.pid);
    for (let round = 0; round < 6; round++) {
      // Warm idle connections, end them on the server, and begin transactions on them at once:
      // some BEGINs go out on connections the server is closing.
      await Promise.all(Array.from({ length: 6 }, () => database.db.execute(sql`SELECT 1`)));
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) pid', [await appPids()]);
      await Promise.allSettled(
        Array.from({ length: 6 }, () => database.db.transaction(async (tx) => tx.execute(sql`SELECT 1`))),
      );
    }
    // Every connection the pool still counts is back in it: none is held by a transaction that never began.
    await expect.poll(() => database.poolStats!()).toMatchObject({ waiting: 0 });
    const stats = database.poolStats!();
    expect(stats.total - stats.idle).toBe(0);
    const [row] = await queryRows<{ ok: number }>(database.db, sql`SELECT 1 AS ok`);
    expect(row?.ok).toBe(1);
  });

  it('tells a lost connection apart from a statement the database refused', async () => {
    const refused = await database.db.execute(sql`SELECT 1 / 0`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(refused)).toBe(false);
    const unreachable = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isDatabaseUnavailable(unreachable)).toBe(true);
  });
});
