// First: Node's web-stream errors made without the source map (lib/web-stream-errors.ts).
import './lib/web-stream-errors.ts';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chainBannerLines } from './chain/local-banner.ts';
import { LocalChainError } from './chain/local-chain.ts';
import { provideLocalChain, type SharedLocalChain } from './chain/shared-local-chain.ts';
import { ConfigError, loadConfig } from './config.ts';
import { stopGraceMs } from './graceful-stop.ts';
import { tellLauncher, webBuildReady } from './launcher.ts';
import { startRuntime, type Runtime } from './runtime.ts';
import { seedDemoCatalogue } from './modules/catalogue/index.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './seed/demo-accounts.ts';
import { seedDemoAvatars } from './seed/demo-avatars.ts';
import { seedDemoHoldings } from './seed/demo-holdings.ts';
import { seedDemoReferrals } from './seed/demo-referrals.ts';
import { seedDemoPenguins } from './seed/demo-penguins.ts';
import { seedDemoLand } from './seed/demo-land.ts';
import { DEMO_REDEEM_CODES, seedDemoRedeemCodes } from './seed/demo-redeem-codes.ts';
import { LISTEN_BACKLOG } from './listen-backlog.ts';

async function main() {
  let config = loadConfig();
  const graceMs = stopGraceMs();
  const pidFile = path.join(config.dataDir, 'server.pid');
  if (!config.databaseUrl) claimEmbeddedDatabase(pidFile);
  // npm start may be building the web app meanwhile: the server listens once it is there.
  const webBuilt = webBuildReady();
  webBuilt.catch(() => {}); // awaited before listening; a rejection meanwhile is not unhandled

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
      await runtime?.stop(graceMs);
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
    local = await provideLocalChain(config, { onAnvilStarted: (pid) => (anvilPid = pid) });
    config = local.config;
  }
  if (stopping) return;

  const pretty = process.stdout.isTTY && config.env !== 'production';
  runtime = await startRuntime(config, {
    logger: { level: config.logLevel, ...(pretty ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}) },
  });
  const { app, database } = runtime;
  const seeded = config.seedDemo ? await seedDemoAccounts(database.db) : false;
  if (config.seedDemo) await seedDemoCatalogue(database.db);
  if (config.seedDemo) await seedDemoHoldings(database.db);
  if (config.seedDemo) await seedDemoReferrals(database.db);
  if (config.seedDemo) await seedDemoPenguins(database.db);
  if (config.seedDemo) await seedDemoRedeemCodes(database.db);
  if (config.seedDemo) await seedDemoLand(database.db);
  if (seeded) await seedDemoAvatars(database.db, config);
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
