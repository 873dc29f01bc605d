// The owned-asset calls at a large player's scale (issue 21): `GET /api/my/assets` for one
// player holding 100,000 ships, and the land collection calls for one collection of 10,000
// plots. The real app (startRuntime, production settings) on a scratch PostgreSQL database,
// requests sent one at a time through app.inject with the player's bearer token; for each call
// it prints the wall time (median and p99), Node and PostgreSQL CPU per request and the body size.
// Run: node --import tsx bench/owned-assets.ts [--ships=100000] [--plots=10000] [--requests=200] [--keep-db]
//   BENCH_PG_URL  the server on which the scratch database is made and dropped (default below).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, queryRows, type Database } from '../apps/api/src/db/client.ts';
import { signAccessToken } from '../apps/api/src/lib/tokens.ts';
import { seedDemoCatalogue } from '../apps/api/src/modules/catalogue/seed.ts';
import { startRuntime, type Runtime } from '../apps/api/src/runtime.ts';
import { CONTROL_APP_NAME, cpuMeter } from './lib-drop-cpu.ts';
import { adminStatement } from './lib-admin.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const SHIPS = Number(arg('ships') ?? 100_000);
const PLOTS = Number(arg('plots') ?? 10_000);
const REQUESTS = Number(arg('requests') ?? 200);
const JWT_SECRET = 'bench-only-secret-bench-only-secret-0123456789';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `starport_bench_owned_${process.pid}`;
const dbUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'starport-bench-owned-'));

const admin = (statement: string) => adminStatement(serverUrl, statement);

async function timed<T>(label: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  console.log(`${label.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * One signed-in player who holds `ships` ships (copies of the demo ships, acquired over a year,
 * a tenth of them in another state than available) and one collection of `plots` plots.
 * Everything generated inside PostgreSQL. Returns the player's token and the collection's id.
 */
async function seedPlayer(db: Database['db']): Promise<{ token: string; collectionId: number }> {
  await seedDemoCatalogue(db);
  const [session] = await queryRows<{ id: string; user_id: string }>(
    db,
    sql`WITH u AS (INSERT INTO users (username, email, email_verified_at) VALUES ('hoarder', 'hoarder@example.com', now()) RETURNING id)
        INSERT INTO sessions (user_id, remember, expires_at) SELECT id, true, now() + interval '30 days' FROM u RETURNING id, user_id`,
  );
  const userId = session!.user_id;
  await timed(`${SHIPS.toLocaleString('en-US')} owned ships`, () =>
    db.execute(sql`
      INSERT INTO owned_ships (user_id, ship_id, source, copy_index, acquired_at, state)
      SELECT ${userId}::uuid, 1 + g % (SELECT count(*) FROM ships), 'grant', 0,
             now() - (g % 31536000) * interval '1 second',
             CASE WHEN g % 10 = 0 THEN 'staked' ELSE 'available' END
      FROM generate_series(1, ${SHIPS}) g`),
  );
  const collectionId = await timed(`${PLOTS.toLocaleString('en-US')} plots in one collection`, async () => {
    const [collection] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO land_collections (user_id, name) VALUES (${userId}::uuid, 'Everything') RETURNING id::int AS id`,
    );
    // cells of a 100-wide block of the grid (row × 2¹⁷ + column), priced like the land area's plots
    await db.execute(sql`
      INSERT INTO land_plots (cell_id, user_id, collection_id, country, valuation, credit_paid)
      SELECT (20000 + g / 100)::bigint * 131072 + 30000 + g % 100, ${userId}::uuid, ${collection!.id}, 'DE', 100, 100
      FROM generate_series(0, ${PLOTS - 1}) g`);
    return collection!.id;
  });
  await db.execute(sql`VACUUM ANALYZE owned_ships`);
  await db.execute(sql`VACUUM ANALYZE land_plots`);
  const token = await signAccessToken(new TextEncoder().encode(JWT_SECRET), { userId, sessionId: session!.id });
  return { token, collectionId };
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

async function measure(app: FastifyInstance, control: Database, token: string, url: string) {
  const call = async () => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return res;
  };
  const first = await call();
  for (let i = 0; i < Math.min(50, REQUESTS); i++) await call(); // warm-up: plans, caches, JIT
  const walls: number[] = [];
  const stop = await cpuMeter(control);
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await call();
    walls.push(performance.now() - started);
  }
  const spent = await stop();
  return {
    median: percentile(walls, 0.5),
    p99: percentile(walls, 0.99),
    node: spent.nodeMs / REQUESTS,
    postgres: spent.postgresMs === null ? NaN : spent.postgresMs / REQUESTS,
    kb: first.rawPayload.length / 1024,
  };
}

let runtime: Runtime | undefined;
let control: Database | undefined;
try {
  await admin(`CREATE DATABASE ${dbName}`);
  const seeding = await openDatabase({ url: dbUrl });
  let seeded: { token: string; collectionId: number };
  try {
    seeded = await seedPlayer(seeding.db);
  } finally {
    await seeding.close();
  }
  runtime = await startRuntime(
    loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      JWT_ACCESS_SECRET: JWT_SECRET,
      SERVE_WEB: '0',
      RUN_WORKERS: '0',
      LOG_LEVEL: 'silent',
    }),
  );
  control = await openDatabase({ url: `${dbUrl}?application_name=${CONTROL_APP_NAME}` });
  const lastPage = Math.ceil(SHIPS / 20);
  const urls = [
    '/api/my/assets?page=1',
    '/api/my/assets?page=100',
    `/api/my/assets?page=${lastPage}`,
    '/api/my/assets?rarity=legendary&page=1',
    '/api/my/assets?element=ai&rarity=epic,legendary&page=50',
    '/api/collections/fetch',
    `/api/collections/lands?collection_id=${seeded.collectionId}`,
    `/api/collection/detail?uriid=${seeded.collectionId}`,
  ];
  console.log(
    `\n${SHIPS.toLocaleString('en-US')} ships and ${PLOTS.toLocaleString('en-US')} plots held by one player; ${REQUESTS} sequential requests per call; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}\n`,
  );
  console.log('| call | median ms | p99 ms | Node CPU ms | PostgreSQL CPU ms | KB |\n|---|---|---|---|---|---|');
  for (const url of urls) {
    const r = await measure(runtime.app, control, seeded.token, url);
    const f = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(2));
    console.log(`| \`${url}\` | ${f(r.median)} | ${f(r.p99)} | ${f(r.node)} | ${f(r.postgres)} | ${r.kb.toFixed(1)} |`);
  }
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  await runtime?.close().catch((e) => console.error('closing Starport:', e));
  await control?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (!process.argv.includes('--keep-db')) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  else console.log(`kept ${dbName}: postgres at ${dbUrl}`);
}
