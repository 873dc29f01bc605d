// Node CPU per request of GET /api/marketplace/find: the real Starport app against the bare
// Fastify + pg handler (bench/lib-bare.ts), on the same seeded database, one request at a time
// through app.inject. Far less sensitive to a loaded machine than find-http's req/s: on 2 shared
// cores the server's CPU per request is what limits its throughput.
// Run: node --import tsx bench/find-cpu.ts [--listings=N] [--requests=500] [--keep-db]
//   BENCH_DB_URL  reuse an already seeded database (nothing is created or dropped);
//   BENCH_PG_URL  otherwise a server on which a scratch database is created, seeded and dropped.
//   --only=starport|bare  measure one side;
//   --profile=DIR  write a .cpuprofile per measured loop (warm-up and start-up excluded) into DIR.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { startRuntime, type Runtime } from '../apps/api/src/runtime.ts';
import { startBare } from './lib-bare.ts';
import { seedListed } from './lib-seed.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const LISTINGS = Number(arg('listings') ?? 1_000_000);
const REQUESTS = Number(arg('requests') ?? 500);
const ONLY = arg('only');
const PROFILE_DIR = arg('profile');
const ROUNDS = 5;
const SCENARIOS: Array<{ label: string; query: Record<string, string> }> = [
  { label: '(no filter)', query: {} },
  { label: 'element=ai,alien&rarity=epic,legendary', query: { element: 'ai,alien', rarity: 'epic,legendary' } },
  { label: 'price_from=100&price_to=500', query: { price_from: '100', price_to: '500' } },
];

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const reuse = process.env.BENCH_DB_URL;
const dbName = `starport_bench_cpu_${process.pid}`;
const dbUrl = reuse ?? Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
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

/** One request; anything but a 200 stops the benchmark. */
async function inject(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
}

/** CPU (user + system) and wall ms per request over `n` sequential requests. */
async function batch(app: FastifyInstance, url: string, n: number): Promise<{ cpu: number; wall: number }> {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (let i = 0; i < n; i++) await inject(app, url);
  const cpu = process.cpuUsage(cpu0);
  return { cpu: (cpu.user + cpu.system) / 1000 / n, wall: (performance.now() - wall0) / n };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Both servers on one URL: a warm-up, then ROUNDS alternating batches, so that a change in the
 * machine's load hits both sides alike; the medians of the batches are reported.
 */
async function compare(apps: Array<FastifyInstance | undefined>, url: string, name: string) {
  for (const app of apps) if (app) for (let i = 0; i < Math.min(100, REQUESTS); i++) await inject(app, url);
  const results = apps.map(() => ({ cpu: [] as number[], wall: [] as number[] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, app] of apps.entries()) {
      if (!app) continue;
      const profiler = PROFILE_DIR ? await startProfile() : undefined;
      const r = await batch(app, url, Math.ceil(REQUESTS / ROUNDS));
      if (profiler) {
        const { profile } = await profiler.post('Profiler.stop');
        writeFileSync(
          path.join(PROFILE_DIR!, `${i === 0 ? 'starport' : 'bare'}-${name}-${round}.cpuprofile`),
          JSON.stringify(profile),
        );
        profiler.disconnect();
      }
      results[i]!.cpu.push(r.cpu);
      results[i]!.wall.push(r.wall);
    }
  }
  return results.map((r) => (r.cpu.length ? { cpu: median(r.cpu), wall: median(r.wall) } : undefined));
}

async function startProfile(): Promise<Session> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return session;
}

let runtime: Runtime | undefined;
let bare: Awaited<ReturnType<typeof startBare>> | undefined;
try {
  if (!reuse) {
    await admin(`CREATE DATABASE ${dbName}`);
    const seeding = await openDatabase({ url: dbUrl });
    try {
      console.log(`listed items: ${(await seedListed(seeding.db, LISTINGS)).toLocaleString('en-US')}`);
    } finally {
      await seeding.close();
    }
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl,
    DATA_DIR: dataDir,
    JWT_ACCESS_SECRET: 'bench-only-secret-bench-only-secret-0123456789',
    SERVE_WEB: '0',
    RUN_WORKERS: '0',
    LOG_LEVEL: 'silent',
  });
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  runtime = await startRuntime(config);
  bare = await startBare(dbUrl);
  await bare.app.ready();
  console.log(
    `Node CPU and wall ms per request: ${REQUESTS} sequential app.inject calls per server and URL, medians of ${ROUNDS} alternating batches; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    ['scenario'.padEnd(40), 'page', 'Starport CPU', 'bare CPU', 'CPU ratio', 'Starport wall', 'bare wall'].join(' | '),
  );
  for (const { label, query } of SCENARIOS) {
    for (const page of [1, 100]) {
      const url = `/api/marketplace/find?${new URLSearchParams({ ...query, page: String(page) })}`;
      const name = `${label.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'all'}-p${page}`;
      const [s, b] = await compare(
        [ONLY === 'bare' ? undefined : runtime.app, ONLY === 'starport' ? undefined : bare.app],
        url,
        name,
      );
      const f = (n: number | undefined) => (n === undefined ? '-' : n.toFixed(2));
      console.log(
        [
          label.padEnd(40),
          String(page).padStart(4),
          f(s?.cpu).padStart(12),
          f(b?.cpu).padStart(8),
          (s && b ? f(s.cpu / b.cpu) : '-').padStart(9),
          f(s?.wall).padStart(13),
          f(b?.wall).padStart(9),
        ].join(' | '),
      );
    }
  }
} finally {
  await runtime?.close().catch((e) => console.error('closing Starport:', e));
  await bare?.app.close();
  await bare?.pool.end();
  rmSync(dataDir, { recursive: true, force: true });
  if (!reuse && !process.argv.includes('--keep-db')) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  else if (!reuse) console.log(`kept ${dbName}: BENCH_DB_URL=${dbUrl}`);
}
