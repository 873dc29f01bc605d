// GET /api/marketplace/find over HTTP at 1,000,000 listings: the real Starport server
// (startRuntime(loadConfig(env)), in process) side by side with a bare Fastify + pg handler
// running the same SQL (bench/lib-bare.ts) and the floor, the least a server could do for the
// same page (bench/lib-floor.ts), all driven by autocannon (50 connections). The order of the
// three rotates from one URL to the next: a loaded machine penalises whichever runs first.
// Run: node --import tsx bench/find-http.ts [--listings=N] [--duration=8] [--warmup=2] [--keep-db]
//   BENCH_PG_URL  a PostgreSQL server URL (default postgres://postgres@127.0.0.1:5432/postgres);
//                 a scratch database is created on it and dropped at the end, also on error.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { startRuntime, type Runtime } from '../apps/api/src/runtime.ts';
import { startBare } from './lib-bare.ts';
import { startFloor } from './lib-floor.ts';
import { drive, printTable, warm, type Row } from './lib-load.ts';
import { seedListed } from './lib-seed.ts';
import { adminStatement } from './lib-admin.ts';

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

const admin = (statement: string) => adminStatement(serverUrl, statement);

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

type Page = { total: number; data: Array<{ _id?: string; id?: string }> };

/**
 * Every server must answer the same page (total and ids) before their speed is compared.
 * Returns the uncompressed body sizes of Starport's and the floor's answers.
 */
async function sameAnswer(starport: string, others: Record<string, string>, pathAndQuery: string): Promise<{ starport: number; floor: number }> {
  const read = async (base: string) => {
    const text = await (await fetch(base + pathAndQuery)).text();
    return { page: JSON.parse(text) as Page, bytes: Buffer.byteLength(text) };
  };
  const ids = (r: Page) => r.data.map((d) => d._id ?? d.id).join(',');
  const mine = await read(starport);
  const sizes = { starport: mine.bytes, floor: 0 };
  for (const [name, base] of Object.entries(others)) {
    const theirs = await read(base);
    if (name === 'floor') sizes.floor = theirs.bytes;
    if (mine.page.total !== theirs.page.total || ids(mine.page) !== ids(theirs.page)) {
      throw new Error(`${pathAndQuery}: Starport and ${name} disagree (total ${mine.page.total} vs ${theirs.page.total}, ${mine.page.data.length} vs ${theirs.page.data.length} rows)`);
    }
  }
  if (mine.page.data.length === 0) console.warn(`  note: ${pathAndQuery} is an empty page (seed more listings)`);
  return sizes;
}

let runtime: Runtime | undefined;
let bare: Awaited<ReturnType<typeof startBare>> | undefined;
let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
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
  floor = await startFloor(scratchUrl);
  const floorUrl = await listen(floor.app);
  console.log(`Starport ${starportUrl}, bare ${bareUrl}, floor ${floorUrl}; ${LOAD.connections} connections, ${LOAD.warmup} s warm-up + ${LOAD.duration} s per run; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  const urls = SCENARIOS.flatMap(({ label, query }) =>
    [1, 100].map((page) => ({ label, page, pathAndQuery: `/api/marketplace/find?${new URLSearchParams({ ...query, page: String(page) })}` })),
  );
  // Every server first answers every URL briefly: otherwise the server measured first would
  // alone pay for opening its connections, PostgreSQL's cold caches and the JIT.
  const servers = { starport: starportUrl, bare: bareUrl, floor: floorUrl };
  const sizes = new Map<string, { starport: number; floor: number }>();
  for (const { pathAndQuery } of urls) {
    sizes.set(pathAndQuery, await sameAnswer(starportUrl, { bare: bareUrl, floor: floorUrl }, pathAndQuery));
    for (const base of Object.values(servers)) await warm(base + pathAndQuery, LOAD);
  }

  const rows: Row[] = [];
  const names = Object.keys(servers) as Array<keyof typeof servers>;
  for (const [i, { label, page, pathAndQuery }] of urls.entries()) {
    const order = [...names.slice(i % names.length), ...names.slice(0, i % names.length)];
    const load = {} as Record<keyof typeof servers, Awaited<ReturnType<typeof drive>>>;
    for (const name of order) load[name] = await drive(servers[name] + pathAndQuery, LOAD);
    rows.push({ scenario: label, page, starport: load.starport, bare: load.bare, floor: load.floor, bytes: sizes.get(pathAndQuery)! });
    const said = (name: keyof typeof servers) => `${name} ${load[name].rps.toFixed(0)} req/s p99 ${load[name].p99} ms`;
    console.log(`  ${label} page ${page} (${order.join(', ')}): ${names.map(said).join(', ')}`);
  }
  console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`\n/api/marketplace/find, ${os.cpus().length} CPUs, ${new Date().toISOString().slice(0, 10)}`);
  printTable(rows);
} finally {
  await runtime?.close().catch((e) => console.error('closing Starport:', e));
  await bare?.app.close();
  await bare?.pool.end();
  await floor?.app.close();
  await floor?.pool.end();
  await cleanup();
}
