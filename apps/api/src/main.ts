import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';
import { startRuntime } from './runtime.ts';
import { seedDemoCatalogue } from './modules/catalogue/seed.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './seed/demo-accounts.ts';

async function main() {
  const config = loadConfig();
  const pidFile = path.join(config.dataDir, 'server.pid');
  if (!config.databaseUrl) claimEmbeddedDatabase(pidFile);
  const pretty = process.stdout.isTTY && config.env !== 'production';
  const runtime = await startRuntime(config, {
    logger: { level: config.logLevel, ...(pretty ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}) },
  });
  const { app, database } = runtime;
  const seeded = config.seedDemo ? await seedDemoAccounts(database.db) : false;
  if (config.seedDemo) await seedDemoCatalogue(database.db);
  await app.listen({ port: config.port, host: config.host });

  const lines = [
    '',
    `  Starport is running at ${config.publicUrl}`,
    `  API docs: ${config.publicUrl}/docs   health: ${config.publicUrl}/healthz`,
    `  Database: ${database.kind === 'pglite' ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  E-mail: ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `embedded outbox, read it at ${config.publicUrl}/dev/mailbox`}`,
  ];
  if (config.seedDemo) {
    lines.push(`  Demo accounts${seeded ? ' (created now)' : ''}:`);
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(24)} password ${a.password}`);
  }
  console.log(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await runtime.close();
    if (!config.databaseUrl) rmSync(pidFile, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
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
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
