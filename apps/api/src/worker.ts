import Fastify from 'fastify';
import { joinRegisteredLocalChain } from './chain/shared-local-chain.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { resolveGeneratedSecrets } from './secrets/generated-secrets.ts';
import { stopGraceMs, stopGracefully } from './graceful-stop.ts';
import { buildJobHandlers, buildOrdersService } from './composition.ts';
import { JobWorker } from './jobs/queue.ts';
import { startChainIndexJobs } from './modules/nft/index.ts';
import { startStakingIndexJob } from './modules/staking/index.ts';
import { chooseMailTransport } from './services.ts';

/**
 * `npm run worker`: runs jobs in a process of its own, for production where the API copies
 * start with RUN_WORKERS=0. Any number of workers may run; claims use FOR UPDATE SKIP LOCKED.
 */
async function main() {
  let config = loadConfig();
  const graceMs = stopGraceMs();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'The worker needs PostgreSQL (set DATABASE_URL). With the embedded database the server runs the jobs itself, and no other process may open that database.',
    );
  }
  const pretty = process.stdout.isTTY && config.env !== 'production';
  // Fastify's logger, unlistened, so the worker logs like the API does.
  const log = Fastify({
    logger: {
      level: config.logLevel,
      ...(pretty ? { transport: { target: 'pino-pretty', options: { ignore: 'pid,hostname' } } } : {}),
    },
  }).log.child({ component: 'worker' });
  const database = await openDatabase({ url: config.databaseUrl, poolMax: config.databasePoolMax });
  // The jobs sign with the same generated secrets as the API copies (the card sandbox's
  // webhook events, for one): the ones this database keeps.
  const secrets = await resolveGeneratedSecrets(config, database);
  config = secrets.config;
  for (const warning of secrets.warnings) log.warn(warning);
  // Development with no chain configured: the local chain an API copy runs for this database.
  if (config.chains.local) {
    const chain = await joinRegisteredLocalChain(config, database.db);
    config = chain.config;
    log.info({ rpc: chain.chain.rpcUrl, dataDir: chain.joined?.dataDir }, 'joined the local chain of this database');
  }
  const mail = chooseMailTransport(config);
  if (mail.name === 'outbox' && config.env === 'production') {
    log.warn('SMTP_URL is not set: e-mail is only stored in the outbox table, nobody receives it');
  }
  const orders = buildOrdersService(config, database.db);
  const worker = new JobWorker(database.db, buildJobHandlers({ config, mail, orders }), log);
  // The worker's poll timer is unref'd (it must not hold the API open); this keeps the process up.
  const keepAlive = setInterval(() => {}, 1 << 30);
  await startChainIndexJobs(database.db, config.chains);
  await startStakingIndexJob(database.db, config.chains);
  worker.start();
  log.info({ mail: mail.name }, 'job worker started');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting without waiting for the running jobs');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'stopping: finishing the running job');
    clearInterval(keepAlive);
    const close = async () => {
      await worker.stop();
      mail.close();
      await database.close();
    };
    if (await stopGracefully({ close, graceMs, log, pending: () => ({ jobs: worker.heldJobs }) })) log.info('job worker stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
