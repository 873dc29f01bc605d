#!/usr/bin/env node
// `npm run cluster`: Starport as it runs in production, on this machine: two API copies and a
// job worker on one PostgreSQL, sharing one local chain and Redis, behind a round-robin proxy at
// http://127.0.0.1:3000, each process restarted by a supervisor when it dies. Try a fault: kill
// -9 a copy's pid and keep shopping. Ctrl-C stops everything gracefully.
//
//   PG_ADMIN_URL   the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
//                  the cluster uses its database starport_cluster (created when missing)
//   DATABASE_URL   use this database instead
//   --fresh        drop starport_cluster first
//   STARPORT_SKIP_BUILD=1   serve the web build already made
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { ROOT, startCluster } from './cluster.mjs';

const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'starport_cluster';

async function ensureDatabase(fresh) {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect().catch((err) => {
    throw new Error(`Cannot reach PostgreSQL at ${PG_ADMIN_URL} (${err.message}). Start it, or set PG_ADMIN_URL.`);
  });
  try {
    if (fresh) await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await admin.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

/** Redis at its usual address, when one answers there: rate limits are then shared by the copies. */
function redisAnswers(host = '127.0.0.1', port = 6379) {
  return new Promise((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function main() {
  const fresh = process.argv.includes('--fresh');
  const databaseUrl = await ensureDatabase(fresh);
  if (process.env.STARPORT_SKIP_BUILD !== '1') {
    const built = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) return built.status ?? 1;
  }
  const redisUrl = process.env.REDIS_URL ?? ((await redisAnswers()) ? 'redis://127.0.0.1:6379' : undefined);
  if (!redisUrl) console.warn('No Redis at 127.0.0.1:6379 and REDIS_URL is unset: each copy counts rate limits on its own.');
  const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(ROOT, 'data', 'cluster'));

  console.log('Starting the cluster: the local chain, api-1 (migrates, seeds the demo), api-2, the worker, the proxy…');
  const cluster = await startCluster({
    databaseUrl,
    dataDir,
    chain: process.env.LOCAL_CHAIN !== '0' && !process.env.CHAIN_IDS,
    env: { SEED_DEMO: process.env.SEED_DEMO ?? '1', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) },
    onEvent: (line) => console.log(`  [cluster] ${line}`),
  });
  const lines = [
    '',
    `  Starport cluster at ${cluster.url}  (round-robin over ${cluster.processes.filter((p) => p.spec.name.startsWith('api-')).length} copies)`,
    `  Database: PostgreSQL ${redact(databaseUrl)}   Redis: ${redisUrl ? redact(redisUrl) : 'none (per-copy rate limits)'}`,
    ...cluster.processes.map((p) => `    ${p.spec.name.padEnd(7)} pid ${p.pid}${p.spec.healthUrl ? `  ${p.spec.healthUrl.replace('/healthz', '')}` : ''}`),
    `  Logs: ${path.join(dataDir, 'logs')}`,
    '  A process that dies is restarted. Try: kill -9 <a pid above>, then keep shopping. Ctrl-C stops all.',
    '',
  ];
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the cluster…`);
    const times = await cluster.stop();
    console.log(`stopped (${Object.entries(times).map(([n, ms]) => `${n} ${(ms / 1000).toFixed(1)} s`).join(', ')})`);
    process.exit(0);
  };
  for (const s of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(s, () => void stop(s));
  return undefined;
}

function redact(url) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

main().then(
  (code) => code !== undefined && (process.exitCode = code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
