// A limited drop over HTTP on PostgreSQL (issue 4 item 9; QUALITY.md "Stock and limited drops"):
// 150 Legendary ships on sale, 3,000 buyers POST /api/stripe/buy at once against the real
// server, every opened order is then paid through the sandbox's hosted checkout (which signs
// and delivers the webhook), and the database must show exactly 150 sales. The same 3,000
// requests then go to a bare Fastify endpoint doing one conditional UPDATE, for the ratio.
// Run: node --import tsx bench/drop.ts [--buyers=3000] [--spread] [--keep-db] [--profile=FILE]
//   --profile=FILE  a CPU profile of the API's process during the measured drop (lib-profile.ts)
//   BENCH_PG_URL  a PostgreSQL server URL (default postgres://postgres@127.0.0.1:5432/postgres);
//                 a scratch database is created on it and dropped at the end, also on error.
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, queryRows, type Database } from '../apps/api/src/db/client.ts';
import { startRuntime, type Runtime } from '../apps/api/src/runtime.ts';
import { LISTEN_BACKLOG } from '../apps/api/src/listen-backlog.ts';
import { startDropBare } from './lib-drop-bare.ts';
import type { Answer, Batch, Shot, Volley } from './lib-drop-load.ts';
import { seedLegendaryDrop, signedInPlayers } from './lib-drop-seed.ts';
import { CONTROL_APP_NAME, cpuMeter } from './lib-drop-cpu.ts';
import { checkDrop, type Check } from './lib-drop-verify.ts';
import { adminStatement } from './lib-admin.ts';
import { profileInto } from './lib-profile.ts';
import { machineSpeed } from './lib-machine.ts';

const arg = (name: string, fallback: number) =>
  Number(
    new RegExp(`^--${name}=(\\d+)$`).exec(process.argv.find((a) => a.startsWith(`--${name}=`)) ?? '')?.[1] ?? fallback,
  );
const BUYERS = arg('buyers', 3000);
if (BUYERS < 150) throw new Error('--buyers must be at least 150, one per Legendary ship');
const PROFILE = process.argv.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
/**
 * burst (default): buyers i*20 .. i*20+19 all want ship i, and are sent one after the other, so
 * the 20 buyers of a ship arrive together and queue on its row lock while the winner's order
 * transaction is still open (each loser holds a pool connection while it waits). spread: buyer
 * i wants ship i % 150, so the first 150 arrivals take one ship each and nearly every later
 * one finds stock 0 already committed and never waits on a lock: the easy case.
 */
const PATTERN: 'burst' | 'spread' = process.argv.includes('--spread') ? 'spread' : 'burst';
/** Unmeasured requests first (a ship id that does not exist): pool connections, JIT, caches. */
const WARMUP = 200;
/** A request with no answer after this long counts as an error; keeps the run bounded. */
const TIMEOUT_MS = 120_000;
const JWT_SECRET = 'bench-only-secret-bench-only-secret-0123456789';
const NO_SUCH_SHIP = '2147483646';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `starport_bench_drop_${process.pid}`;
const scratchUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'starport-drop-'));
const apiLog = path.join(dataDir, 'api.log');

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

/** A port nobody holds now: PUBLIC_URL must name the real address, since the sandbox delivers its webhook there. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The load generator, in a process of its own; one batch at a time. */
function startLoader(): { volley(batch: Batch): Promise<Volley>; stop(): void } {
  const child: ChildProcess = fork(fileURLToPath(new URL('./lib-drop-load.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  return {
    volley: (batch) =>
      new Promise((resolve, reject) => {
        const exited = (code: number | null) => reject(new Error(`load generator exited (${code})`));
        child.once('exit', exited);
        child.once('message', (v) => {
          child.off('exit', exited);
          resolve(v as Volley);
        });
        child.send(batch);
      }),
    stop: () => void child.kill(),
  };
}

type Tally = {
  attempts: number;
  ok: number;
  conflict: number;
  other4xx: Record<number, number>;
  s5xx: number;
  network: number;
  wallMs: number;
  p50: number;
  p99: number;
  max: number;
};

function tally(v: Volley): Tally {
  const count = (f: (a: Answer) => boolean) => v.answers.filter(f).length;
  const other4xx: Record<number, number> = {};
  for (const a of v.answers)
    if (a.status >= 400 && a.status < 500 && a.status !== 409) other4xx[a.status] = (other4xx[a.status] ?? 0) + 1;
  const ms = v.answers.map((a) => a.ms).sort((a, b) => a - b);
  const at = (p: number) => ms[Math.min(ms.length - 1, Math.ceil(p * ms.length) - 1)] ?? 0;
  return {
    attempts: v.answers.length,
    ok: count((a) => a.status === 200),
    conflict: count((a) => a.status === 409),
    other4xx,
    s5xx: count((a) => a.status >= 500),
    network: count((a) => a.status === 0),
    wallMs: v.wallMs,
    p50: at(0.5),
    p99: at(0.99),
    max: ms.at(-1) ?? 0,
  };
}

const perAttempt = (ms: number | null, t: Tally) => (ms === null ? 'n/a' : `${(ms / t.attempts).toFixed(2)} ms`);
const rps = (t: Tally) => t.attempts / (t.wallMs / 1000);
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The first few distinct 5xx bodies and network errors of a volley, for the report. */
function failures(v: Volley): string[] {
  const seen = new Map<string, number>();
  for (const a of v.answers)
    if (a.status === 0 || a.status >= 500) {
      const key = `${a.status || 'network'}: ${(a.error ?? a.body ?? '').slice(0, 200)}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  return [...seen].slice(0, 8).map(([k, n]) => `${n} × ${k}`);
}

/** Warnings and errors the API logged (pino JSON lines), grouped by message. */
function apiLogSummary(): string[] {
  let text = '';
  try {
    text = readFileSync(apiLog, 'utf8');
  } catch {
    return [];
  }
  const seen = new Map<string, number>();
  for (const line of text.split('\n').filter(Boolean)) {
    try {
      const e = JSON.parse(line) as { level: number; msg?: string; err?: { message?: string } };
      const key = `${e.level >= 50 ? 'error' : 'warn'}: ${e.msg ?? ''}${e.err?.message ? ` (${e.err.message})` : ''}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    } catch {
      seen.set(line.slice(0, 200), (seen.get(line.slice(0, 200)) ?? 0) + 1);
    }
  }
  return [...seen].slice(0, 10).map(([k, n]) => `${n} × ${k}`);
}

/**
 * Sampled every 20 ms during a volley: how many requests waited for one of the server's pool
 * connections, and how many of the scratch database's sessions waited on
 * a lock (the buyers of one ship queue on its row while the winner's transaction is open).
 */
function watchContention(
  pool: pg.Pool | undefined,
  control: Database,
): () => Promise<{ poolWaitingMax: number; lockWaitingMax: number }> {
  let poolWaitingMax = 0;
  let lockWaitingMax = 0;
  let sampling: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    poolWaitingMax = Math.max(poolWaitingMax, pool?.waitingCount ?? 0);
    sampling = sampling
      .then(async () => {
        const [row] = await queryRows<{ n: number }>(
          control.db,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        lockWaitingMax = Math.max(lockWaitingMax, row?.n ?? 0);
      })
      .catch(() => {}); // the database may be going away (Ctrl-C): a lost sample is no error
  }, 20);
  return async () => {
    clearInterval(timer);
    await sampling;
    return { poolWaitingMax, lockWaitingMax };
  };
}

/** Waits until no sandbox webhook delivery is left to do; returns how many are left after `maxMs`. */
async function untilDelivered(db: Database, maxMs: number): Promise<number> {
  const until = Date.now() + maxMs;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      db.db,
      sql`SELECT count(*)::int AS n FROM jobs WHERE kind = 'sandbox.stripe_webhook' AND done_at IS NULL AND failed_at IS NULL`,
    );
    if (row!.n === 0 || Date.now() >= until) return row!.n;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const checks: Check[] = [];
const expect = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

let runtime: Runtime | undefined;
let control: Database | undefined;
let bare: Awaited<ReturnType<typeof startDropBare>> | undefined;
const loader = startLoader();
try {
  await admin(`CREATE DATABASE ${dbName}`);
  console.log(`scratch database ${dbName}; ${os.cpus().length} CPUs, load average ${loadavg()}; ${machineSpeed()}`);
  // --- setup, not measured ---
  const controlUrl = new URL(scratchUrl);
  controlUrl.searchParams.set('application_name', CONTROL_APP_NAME);
  control = await openDatabase({ url: controlUrl.toString(), onConnectionError: () => {} });
  const ships = await seedLegendaryDrop(control.db);
  const tokens = await signedInPlayers(control.db, Math.max(BUYERS, WARMUP), new TextEncoder().encode(JWT_SECRET));
  await control.db.execute(sql`VACUUM ANALYZE`);
  console.log(
    `seeded ${ships.length} Legendary ships (stock 1 each), ${tokens.length} signed-in players; pattern ${PATTERN}`,
  );

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATABASE_URL: scratchUrl,
    DATA_DIR: dataDir,
    JWT_ACCESS_SECRET: JWT_SECRET,
    CARD_PROVIDER: 'sandbox',
    SERVE_WEB: '0',
    // The sandbox's payment events are delivered by a job (its outbox), as `npm start` runs it:
    // without the API's own worker no sale is ever paid.
    RUN_WORKERS: '1',
    LOG_LEVEL: 'warn',
  });
  runtime = await startRuntime(config, { logger: { level: 'warn', file: apiLog } });
  await runtime.app.listen({ host: config.host, port, backlog: LISTEN_BACKLOG }); // as main.ts
  console.log(`Starport ${origin} (card provider ${config.card.provider}, pg pool max 20)`);

  const buyBody = (shipId: number | string) =>
    JSON.stringify({ ids: [{ id: String(shipId), total: 1, object: 'spaceship' }], type: 2 });
  const shipOf = (i: number) =>
    PATTERN === 'burst' ? ships[Math.floor((i * ships.length) / BUYERS)]! : ships[i % ships.length]!;
  const buyShot = (i: number, shipId: number | string, url = '/api/stripe/buy'): Shot => ({
    path: url,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i]}` },
    body: buyBody(shipId),
  });

  const warm = tally(
    await loader.volley({
      origin,
      shots: Array.from({ length: WARMUP }, (_, i) => buyShot(i, NO_SUCH_SHIP)),
      timeoutMs: TIMEOUT_MS,
    }),
  );
  expect('API warm-up: 404 for a ship not sold', warm.other4xx[404] === WARMUP, JSON.stringify(warm));

  // --- measured: the drop ---
  const loadBefore = loadavg();
  // drizzle's node-postgres handle keeps its pg.Pool as $client
  const apiPool = (runtime.database.db as unknown as { $client?: pg.Pool }).$client;
  const contention = watchContention(apiPool, control);
  const apiCpu = await cpuMeter(control);
  const stopProfile = PROFILE ? await profileInto(PROFILE) : undefined;
  const apiVolley = await loader.volley({
    origin,
    shots: Array.from({ length: BUYERS }, (_, i) => buyShot(i, shipOf(i))),
    timeoutMs: TIMEOUT_MS,
  });
  const apiSpent = await apiCpu();
  await stopProfile?.();
  const seen = await contention();
  const api = tally(apiVolley);
  console.log(
    `drop: ${api.ok} orders opened, ${api.conflict} × 409, ${api.s5xx} × 5xx in ${(api.wallMs / 1000).toFixed(2)} s`,
  );
  console.log(
    `  at most ${seen.poolWaitingMax} requests waiting for one of the 20 pool connections, ${seen.lockWaitingMax} transactions waiting on a row lock`,
  );

  // --- not measured: pay every opened order through the sandbox's hosted checkout ---
  const sessionPaths = apiVolley.answers
    .filter((a) => a.status === 200)
    .map((a) => `${new URL((JSON.parse(a.body!) as { data: string }).data).pathname}/pay`);
  const payVolley = await loader.volley({
    origin,
    shots: sessionPaths.map((p) => ({ path: p, headers: { 'content-type': 'application/x-www-form-urlencoded' } })),
    timeoutMs: TIMEOUT_MS,
  });
  const payOk = payVolley.answers.filter((a) => a.status === 303).length;
  console.log(`paid through the sandbox: ${payOk} of ${sessionPaths.length} (303 to the success page)`);
  // Pay waits up to 4 s for the webhook's first delivery; on a loaded machine some miss it and
  // their jobs retry a few seconds later. The checks below count what the webhooks did, so they
  // wait for the sandbox's outbox to be empty (at most a minute), not for a fixed time.
  const undelivered = await untilDelivered(control, 60_000);
  if (undelivered) console.log(`  ! ${undelivered} sandbox webhook deliveries still not done after a minute`);

  expect('sales opened = ships', api.ok === ships.length, `${api.ok} × 200`);
  expect('everyone else: 409 sold out', api.conflict === BUYERS - ships.length, `${api.conflict} × 409`);
  expect('no other 4xx', Object.keys(api.other4xx).length === 0, JSON.stringify(api.other4xx));
  expect('no 5xx', api.s5xx === 0, `${api.s5xx} × 5xx`);
  expect('no network errors or timeouts', api.network === 0, `${api.network}`);
  expect(
    'every opened order paid through the sandbox (303)',
    payOk === sessionPaths.length,
    `${payOk} of ${sessionPaths.length}`,
  );
  checks.push(...(await checkDrop(control.db, ships.length, api.ok)));
  const [paidRow] = await queryRows<{ n: number }>(
    control.db,
    sql`SELECT count(*)::int AS n FROM orders WHERE status IN ('paid', 'fulfilled')`,
  );
  const sales = Number(paidRow!.n);
  for (const f of [...failures(apiVolley), ...failures(payVolley)]) console.log(`  ! ${f}`);
  for (const l of apiLogSummary()) console.log(`  API log: ${l}`);
  await runtime.close();
  runtime = undefined;

  // --- the bare endpoint, same stock, same 3,000 requests ---
  await control.db.execute(sql`UPDATE shop_stock SET stock = 1`);
  bare = await startDropBare(scratchUrl);
  await bare.app.listen({ host: '127.0.0.1', port: 0, backlog: LISTEN_BACKLOG }); // the same queue as Starport's
  const bareOrigin = `http://127.0.0.1:${(bare.app.server.address() as AddressInfo).port}`;
  const bareWarm = tally(
    await loader.volley({
      origin: bareOrigin,
      shots: Array.from({ length: WARMUP }, (_, i) => buyShot(i, NO_SUCH_SHIP, '/buy')),
      timeoutMs: TIMEOUT_MS,
    }),
  );
  expect('bare warm-up: 409 for a ship not sold', bareWarm.conflict === WARMUP, JSON.stringify(bareWarm));
  const bareContention = watchContention(bare.pool, control);
  const bareCpu = await cpuMeter(control);
  const bareLoad = tally(
    await loader.volley({
      origin: bareOrigin,
      shots: Array.from({ length: BUYERS }, (_, i) => buyShot(i, shipOf(i), '/buy')),
      timeoutMs: TIMEOUT_MS,
    }),
  );
  const bareSpent = await bareCpu();
  const bareSeen = await bareContention();
  const [left] = await queryRows<{ n: number; min: number }>(
    control.db,
    sql`SELECT sum(stock)::int AS n, min(stock)::int AS min FROM shop_stock`,
  );
  expect(
    'bare: 150 UPDATEs took stock, the rest 409, stock 0',
    bareLoad.ok === ships.length && bareLoad.conflict === BUYERS - ships.length && left!.n === 0 && left!.min === 0,
    `${bareLoad.ok} × 200, ${bareLoad.conflict} × 409, ${bareLoad.s5xx} × 5xx, ${bareLoad.network} errors; stock left ${left!.n}`,
  );
  const loadAfter = loadavg();

  // --- report ---
  const ms = (n: number) => `${n.toFixed(0)} ms`;
  const table: Array<[string, string, string]> = [
    ['', 'Starport API', 'bare UPDATE'],
    ['attempts (all in flight at once)', String(api.attempts), String(bareLoad.attempts)],
    ['sales made (paid orders; bare: rows taken)', String(sales), String(bareLoad.ok)],
    ['200 (order opened)', String(api.ok), String(bareLoad.ok)],
    ['409 (sold out)', String(api.conflict), String(bareLoad.conflict)],
    ['other 4xx', JSON.stringify(api.other4xx), JSON.stringify(bareLoad.other4xx)],
    ['5xx', String(api.s5xx), String(bareLoad.s5xx)],
    ['network errors / timeouts', String(api.network), String(bareLoad.network)],
    ['first send → last answer', `${(api.wallMs / 1000).toFixed(2)} s`, `${(bareLoad.wallMs / 1000).toFixed(2)} s`],
    ['attempts/s', rps(api).toFixed(0), rps(bareLoad).toFixed(0)],
    ['latency p50', ms(api.p50), ms(bareLoad.p50)],
    ['latency p99', ms(api.p99), ms(bareLoad.p99)],
    ['latency max', ms(api.max), ms(bareLoad.max)],
    ['Node CPU per attempt (server process)', perAttempt(apiSpent.nodeMs, api), perAttempt(bareSpent.nodeMs, bareLoad)],
    [
      'PostgreSQL CPU per attempt (backends)',
      perAttempt(apiSpent.postgresMs, api),
      perAttempt(bareSpent.postgresMs, bareLoad),
    ],
    ['most requests waiting for a pool connection', String(seen.poolWaitingMax), String(bareSeen.poolWaitingMax)],
    ['most transactions waiting on a row lock', String(seen.lockWaitingMax), String(bareSeen.lockWaitingMax)],
  ];
  console.log(
    `\nbench/drop: ${ships.length} Legendary ships, ${BUYERS} buyers, pattern ${PATTERN}; ${os.cpus().length} CPUs, load average ${loadBefore} → ${loadAfter}; ${new Date().toISOString().slice(0, 10)}`,
  );
  for (const [a, b, c] of table) console.log(`${a.padEnd(44)} ${b.padStart(14)} ${c.padStart(14)}`);
  console.log(`${'ratio API / bare (attempts/s)'.padEnd(44)} ${(rps(api) / rps(bareLoad)).toFixed(3).padStart(14)}`);
  console.log('');
  for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
  const failed = checks.filter((c) => !c.ok).length;
  console.log(failed ? `\n${failed} check(s) failed` : '\nall checks passed');
  if (failed) process.exitCode = 1;
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  loader.stop();
  await runtime?.close().catch((e) => console.error('closing Starport:', e));
  await bare?.app.close();
  await bare?.pool.end();
  await control?.close();
  await cleanup();
}
