// CPU per request of GET /api/marketplace/find, Node's and PostgreSQL's: the real Starport app
// against the bare Fastify + pg handler (bench/lib-bare.ts) and the floor (bench/lib-floor.ts),
// on the same seeded database, one request at a time through app.inject. Far less sensitive to a
// loaded machine than find-http's req/s: on 2 shared cores the CPU a request costs the server and
// the database together is what limits throughput.
// Run: node --import tsx bench/find-cpu.ts [--listings=N] [--requests=1000] [--keep-db]
//   BENCH_DB_URL  reuse an already seeded database (nothing is created or dropped);
//   BENCH_PG_URL  otherwise a server on which a scratch database is created, seeded and dropped.
//   --only=starport,bare,floor  measure only these;
//   --profile=DIR  write a .cpuprofile per measured loop (warm-up and start-up excluded) into DIR.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { startRuntime, type Runtime } from '../apps/api/src/runtime.ts';
import { startBare } from './lib-bare.ts';
import { CONTROL_APP_NAME, cpuMeter } from './lib-drop-cpu.ts';
import { startFloor } from './lib-floor.ts';
import { seedListed } from './lib-seed.ts';
import { adminStatement } from './lib-admin.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const LISTINGS = Number(arg('listings') ?? 1_000_000);
const REQUESTS = Number(arg('requests') ?? 1000);
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

const admin = (statement: string) => adminStatement(serverUrl, statement);

/** One request; anything but a 200 stops the benchmark. */
async function inject(app: FastifyInstance, url: string) {
  const res = await app.inject({ method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
}

type PerRequest = { cpu: number; pg: number; wall: number };

/** Node CPU (user + system), PostgreSQL backend CPU and wall ms per request over `n` sequential requests. */
async function batch(app: FastifyInstance, url: string, n: number): Promise<PerRequest> {
  const stop = await cpuMeter(control!);
  const wall0 = performance.now();
  for (let i = 0; i < n; i++) await inject(app, url);
  const wall = (performance.now() - wall0) / n;
  const spent = await stop();
  return { cpu: spent.nodeMs / n, pg: (spent.postgresMs ?? NaN) / n, wall };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Both servers on one URL: a warm-up, then ROUNDS alternating batches, so that a change in the
 * machine's load hits both sides alike; the medians of the batches are reported.
 */
async function compare(apps: Array<[string, FastifyInstance]>, url: string, name: string) {
  for (const [, app] of apps) for (let i = 0; i < Math.min(100, REQUESTS); i++) await inject(app, url);
  const results = new Map(apps.map(([server]) => [server, [] as PerRequest[]]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [server, app] of apps) {
      const profiler = PROFILE_DIR ? await startProfile() : undefined;
      const r = await batch(app, url, Math.ceil(REQUESTS / ROUNDS));
      if (profiler) {
        const { profile } = await profiler.post('Profiler.stop');
        writeFileSync(path.join(PROFILE_DIR!, `${server}-${name}-${round}.cpuprofile`), JSON.stringify(profile));
        profiler.disconnect();
      }
      results.get(server)!.push(r);
    }
  }
  const medians = new Map<string, PerRequest>();
  for (const [server, rs] of results) {
    medians.set(server, { cpu: median(rs.map((r) => r.cpu)), pg: median(rs.map((r) => r.pg)), wall: median(rs.map((r) => r.wall)) });
  }
  return medians;
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
let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
/** The bench's own connection, left out of PostgreSQL's CPU (lib-drop-cpu). */
let control: Database | undefined;
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
  floor = await startFloor(dbUrl);
  await Promise.all([bare.app.ready(), floor.app.ready()]);
  control = await openDatabase({ url: `${dbUrl}${dbUrl.includes('?') ? '&' : '?'}application_name=${CONTROL_APP_NAME}` });
  const servers: Array<[string, FastifyInstance]> = [
    ['starport', runtime.app],
    ['bare', bare.app],
    ['floor', floor.app],
  ];
  const measured = servers.filter(([server]) => !ONLY || ONLY.split(',').includes(server));
  console.log(
    `CPU ms per request, Node / PostgreSQL: ${REQUESTS} sequential app.inject calls per server and URL, medians of ${ROUNDS} alternating batches; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(['scenario'.padEnd(40), 'page', ...measured.map(([server]) => `${server} node/pg`.padStart(17)), 'SP/floor CPU', 'SP wall'].join(' | '));
  const f = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '-' : n.toFixed(2));
  const total = (r: PerRequest | undefined) => (r ? r.cpu + r.pg : undefined);
  for (const { label, query } of SCENARIOS) {
    for (const page of [1, 100]) {
      const url = `/api/marketplace/find?${new URLSearchParams({ ...query, page: String(page) })}`;
      const name = `${label.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'all'}-p${page}`;
      const results = await compare(measured, url, name);
      const sp = total(results.get('starport'));
      const fl = total(results.get('floor'));
      console.log(
        [
          label.padEnd(40),
          String(page).padStart(4),
          ...measured.map(([server]) => `${f(results.get(server)!.cpu)} / ${f(results.get(server)!.pg)}`.padStart(17)),
          (sp !== undefined && fl !== undefined ? f(sp / fl) : '-').padStart(12),
          f(results.get('starport')?.wall).padStart(7),
        ].join(' | '),
      );
    }
  }
} finally {
  await runtime?.close().catch((e) => console.error('closing Starport:', e));
  await bare?.app.close();
  await bare?.pool.end();
  await floor?.app.close();
  await floor?.pool.end();
  await control?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (!reuse && !process.argv.includes('--keep-db')) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  else if (!reuse) console.log(`kept ${dbName}: BENCH_DB_URL=${dbUrl}`);
}
