import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { ConnectionWatch, stopGracefully } from './graceful-stop.ts';
import { resolveGeneratedSecrets } from './secrets/generated-secrets.ts';
import { chooseMailTransport, chooseRateLimiter } from './services.ts';

/** What keeps the event loop busy, by kind (sockets, timers, child processes): for a stop that overruns. */
function activeHandles(): Record<string, number> {
  const counts: Record<string, number> = {};
  const handles = (process as unknown as { _getActiveHandles?: () => object[] })._getActiveHandles?.() ?? [];
  for (const h of handles) counts[h.constructor.name] = (counts[h.constructor.name] ?? 0) + 1;
  return counts;
}

export type Runtime = {
  app: FastifyInstance;
  database: Database;
  /** the configuration the app runs on: its generated secrets filled in */
  config: Config;
  close(): Promise<void>;
  /** The stop on SIGTERM: close() within a deadline, keep-alive connections included (graceful-stop.ts). */
  stop(graceMs: number): Promise<boolean>;
};

/**
 * config → database (migrated) → shared secrets → services → app; shared by the server and tests.
 * `database`: one already opened on this config's database (the server opens it while its local
 * chain starts); the runtime then owns it and closes it.
 */
export async function startRuntime(config: Config, overrides: { logger?: boolean | object; database?: Database } = {}): Promise<Runtime> {
  const database = overrides.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolMax: config.databasePoolMax }));
  let secrets;
  try {
    secrets = await resolveGeneratedSecrets(config, database);
  } catch (err) {
    await database.close();
    throw err;
  }
  const limiter = chooseRateLimiter(secrets.config);
  const mail = chooseMailTransport(secrets.config);
  const app = await buildApp({ config: secrets.config, database, limiter, mail, logger: overrides.logger as never });
  for (const warning of secrets.warnings) app.log.warn(warning);
  // Before the server listens: a stop must know every response in flight.
  const connections = new ConnectionWatch(app.server);
  const close = async () => {
    // The job worker stops polling now and finishes its running job while the server drains.
    await Promise.all([app.jobs.stop(), app.close()]);
    await limiter.close();
    mail.close();
    await database.close();
  };
  return {
    app,
    database,
    config: secrets.config,
    close,
    stop: (graceMs) => stopGracefully({ close, graceMs, log: app.log, connections, pending: () => ({ jobs: app.jobs.heldJobs, pool: database.poolStats?.(), handles: activeHandles() }) }),
  };
}
