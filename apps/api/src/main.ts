// First: Node's web-stream errors made without the source map (lib/web-stream-errors.ts).
import './lib/web-stream-errors.ts';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chainBannerLines } from './chain/local-banner.ts';
import { LocalChainError } from './chain/local-chain.ts';
import { provideLocalChain, type SharedLocalChain } from './chain/shared-local-chain.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { stopGraceMs } from './graceful-stop.ts';
import { tellLauncher, webBuildReady } from './launcher.ts';
import { openDatabase, type Database } from './db/client.ts';
import { startRuntime, type Runtime } from './runtime.ts';
import { DEMO_ACCOUNTS } from './seed/demo-accounts.ts';
import { seedDemoAvatars } from './seed/demo-avatars.ts';
import { seedDemoData } from './seed/demo-data.ts';
import { DEMO_REDEEM_CODES } from './seed/demo-redeem-codes.ts';
import { LISTEN_BACKLOG } from './listen-backlog.ts';

async function main() {
  let config = loadConfig();
  const graceMs = stopGraceMs();
  const pidFile = path.join(config.dataDir, 'server.pid');
  if (!config.databaseUrl) claimEmbeddedDatabase(pidFile);
  // npm start may be building the web app meanwhile: the server listens once it is there.
  const webBuilt = webBuildReady();
  webBuilt.catch(() => {}); // awaited before listening; a rejection meanwhile is not unhandled

  // The database is opened (on a first start: the installation's cluster copied, decision 0074)
  // and the demo seeded while the local chain starts: anvil's start and the contracts' deployment
  // mostly wait on anvil, another process (decision 0075). Neither needs the other.
  const prepared = prepareDatabase(config);
  prepared.catch(() => {}); // awaited below; a rejection meanwhile is not unhandled

  // No anvil may outlive the server. Signals are handled from the first moment (a Ctrl-C during
  // the deployment included); 'exit' covers every other way out, where nothing can be awaited:
  // anvil gets its SIGTERM and still writes its state file on its own.
  let runtime: Runtime | undefined = undefined;
  let local: SharedLocalChain | undefined;
  let anvilPid: number | undefined;
  process.on('exit', () => {
    if (anvilPid === undefined) return;
    try {
      process.kill(anvilPid, 'SIGTERM');
    } catch {
      // already gone
    }
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime?.app.log.info({ signal }, 'shutting down');
    try {
      if (runtime) await runtime.stop(graceMs);
      else await closeWhenPrepared(prepared);
    } finally {
      await local?.stop();
      anvilPid = undefined;
      if (!config.databaseUrl) rmSync(pidFile, { force: true });
      process.exit(0);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));

  // The chain before the app: the app is built on the configuration that names its contracts.
  // On PostgreSQL it is the database's one chain: started here, or joined (shared-local-chain.ts).
  if (config.chains.local) {
    try {
      local = await provideLocalChain(config, { onAnvilStarted: (pid) => (anvilPid = pid) });
    } catch (err) {
      await closeWhenPrepared(prepared);
      throw err;
    }
    config = local.config;
  }
  if (stopping) return;

  const { database, seeded } = await prepared;
  if (stopping) return;
  const pretty = process.stdout.isTTY && config.env !== 'production';
  runtime = await startRuntime(config, {
    database,
    logger: { level: config.logLevel, ...(pretty ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}) },
  });
  const { app } = runtime;
  // The avatars go through the app's storage, configured with its secrets.
  if (seeded) await seedDemoAvatars(database.db, runtime.config);
  await webBuilt;
  await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EADDRINUSE') throw err;
    throw new ConfigError(`Port ${config.port} on ${config.host} is already in use (another Starport?). Stop that process, or set PORT to a free port.`);
  });

  const lines = [
    '',
    `  Starport is running at ${config.publicUrl}`,
    `  API docs: ${config.publicUrl}/docs   health: ${config.publicUrl}/healthz`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  E-mail: ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `embedded outbox, read it at ${config.publicUrl}/dev/mailbox`}`,
    ...chainBannerLines(config.chains, local, config.dataDir),
  ];
  if (config.seedDemo) {
    lines.push(`  Demo accounts${seeded ? ' (created now)' : ''}:`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(24)} password ${a.password}`);
    lines.push(`  Demo redeem codes (at /my/redeem): ${DEMO_REDEEM_CODES.map((c) => `${c.code} (${c.what})`).join(', ')}`);
  }
  console.log(`${lines.join('\n')}\n`);
  tellLauncher('listening');
}

type PreparedDatabase = { database: Database; seeded: boolean };

/** The database opened and migrated, with the demo's rows when the demo is on. */
async function prepareDatabase(config: Config): Promise<PreparedDatabase> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax });
  try {
    const seeded = config.seedDemo ? (await seedDemoData(database.db)).accountsCreated : false;
    return { database, seeded };
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** A start that ends before its runtime exists still closes the database it opened. */
async function closeWhenPrepared(prepared: Promise<PreparedDatabase>): Promise<void> {
  const ready = await prepared.catch(() => null);
  await ready?.database.close().catch(() => {});
}

/** PGlite is one process's database: refuse to open it twice. */
function claimEmbeddedDatabase(pidFile: string) {
  mkdirSync(path.dirname(pidFile), { recursive: true });
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new ConfigError(`Another Starport (pid ${pid}) is using the embedded database in this DATA_DIR. Stop it first.`);
    }
  }
  writeFileSync(pidFile, String(process.pid));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof LocalChainError ? err.message : err);
  process.exit(1);
});
