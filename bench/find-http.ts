// GET /api/marketplace/find over HTTP at 1,000,000 listings: the real Starport server
// (startRuntime(loadConfig(env)), in process) side by side with a bare Fastify + pg handler
// running the same SQL (bench/lib-bare.ts), both driven by autocannon (50 connections).
// Run: node --import tsx bench/find-http.ts [--listings=N] [--duration=8] [--warmup=2] [--keep-db]
//   BENCH_PG_URL  a PostgreSQL server URL (default postgres://postgres@127.0.0.1:5432/postgres);
//                 a scratch database is created on it and dropped at the end, also on error.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { startRuntime, type Runtime } from '../apps/api/src/runtime.ts';
import { startBare } from './lib-bare.ts';
import { drive, printTable, warm, type Row } from './lib-load.ts';
import { seedListed } from './lib-seed.ts';

const arg = (name: string, fallback: number) => Number(new RegExp(`^--${name}=(\\d+)$`).exec(process.argv.find((a) => a.startsWith(`--${name}=`)) ?? '')?.[1] ?? fallback);
const LISTINGS = arg('listings', 1_000_000);
const LOAD = { connections: 50, warmup: arg('warmup', 2), duration: arg('duration', 8) };
const SCENARIOS: Array<{ label: string; query: Record<string, string> }> = [
  { label: '(no filter)', query: {} },
  { label: 'element=ai,alien&rarity=epic,legendary', query: { element: 'ai,alien', rarity: 'epic,legendary' } },
  { label: 'price_from=100&price_to=500', query: { price_from: '100', price_to: '500' } },
];

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `starport_bench_http_${process.pid}`;
const scratchUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'starport-bench-'));

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

let dropped = false;
async function cleanup() {
  rmSync(dataDir, { recursive: true, force: true });
  if (dropped || process.argv.includes('--keep-db')) return;
  dropped = true;
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  console.log(`dropped ${dbName}`);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanup().finally(() => process.exit(130)));
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Both servers must answer the same page before their speed is compared. */
async function sameAnswer(a: string, b: string, pathAndQuery: string) {
  const [x, y] = await Promise.all([a, b].map(async (base) => (await fetch(base + pathAndQuery)).json() as Promise<{ total: number; data: Array<{ _id?: string; id?: string }> }>));
  const ids = (r: { data: Array<{ _id?: string; id?: string }> }) => r.data.map((d) => d._id ?? d.id).join(',');
  if (x!.total !== y!.total || ids(x!) !== ids(y!)) {
    throw new Error(`${pathAndQuery}: Starport and bare disagree (total ${x!.total} vs ${y!.total}, ${x!.data.length} vs ${y!.data.length} rows)`);
  }
  if (x!.data.length === 0) console.warn(`  note: ${pathAndQuery} is an empty page (seed more listings)`);
}

let runtime: Runtime | undefined;
let bare: Awaited<ReturnType<typeof startBare>> | undefined;
try {
  await admin(`CREATE DATABASE ${dbName}`);
  console.log(`scratch database ${dbName}`);
  const seeding = await openDatabase({ url: scratchUrl });
  try {
    console.log(`listed items: ${(await seedListed(seeding.db, LISTINGS)).toLocaleString('en-US')}`);
    // Write the seeded pages out now rather than in a checkpoint during the first measured run.
    await seeding.db.execute(sql`CHECKPOINT`);
  } finally {
    await seeding.close();
  }

  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: scratchUrl,
    DATA_DIR: dataDir,
    JWT_ACCESS_SECRET: 'bench-only-secret-bench-only-secret-0123456789',
    SERVE_WEB: '0',
    RUN_WORKERS: '0',
    LOG_LEVEL: 'silent',
  });
  runtime = await startRuntime(config);
  const starportUrl = await listen(runtime.app);
  bare = await startBare(scratchUrl);
  const bareUrl = await listen(bare.app);
  console.log(`Starport ${starportUrl}, bare ${bareUrl}; ${LOAD.connections} connections, ${LOAD.warmup} s warm-up + ${LOAD.duration} s per run; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const urls = SCENARIOS.flatMap(({ label, query }) =>
    [1, 100].map((page) => ({ label, page, pathAndQuery: `/api/marketplace/find?${new URLSearchParams({ ...query, page: String(page) })}` })),
  );
  // Both servers first answer every URL briefly: otherwise the server measured first would
  // alone pay for opening its connections, PostgreSQL's cold caches and the JIT.
  for (const { pathAndQuery } of urls) {
    await sameAnswer(starportUrl, bareUrl, pathAndQuery);
    for (const base of [starportUrl, bareUrl]) await warm(base + pathAndQuery, LOAD);
  }

  const rows: Row[] = [];
  for (const { label, page, pathAndQuery } of urls) {
    const starport = await drive(starportUrl + pathAndQuery, LOAD);
    const bareLoad = await drive(bareUrl + pathAndQuery, LOAD);
    rows.push({ scenario: label, page, starport, bare: bareLoad });
    console.log(`  ${label} page ${page}: Starport ${starport.rps.toFixed(0)} req/s p99 ${starport.p99} ms, bare ${bareLoad.rps.toFixed(0)} req/s p99 ${bareLoad.p99} ms`);
  }
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`\n/api/marketplace/find, ${os.cpus().length} CPUs, ${new Date().toISOString().slice(0, 10)}`);
  printTable(rows);
} finally {
  await runtime?.close().catch((e) => console.error('closing Starport:', e));
  await bare?.app.close();
  await bare?.pool.end();
  await cleanup();
}
