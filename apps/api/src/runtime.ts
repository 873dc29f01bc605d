import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { ConnectionWatch, stopGracefully } from './graceful-stop.ts';
import { chooseMailTransport, chooseRateLimiter } from './services.ts';

export type Runtime = {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
  /** The stop on SIGTERM: close() within a deadline, keep-alive connections included (graceful-stop.ts). */
  stop(graceMs: number): Promise<boolean>;
};

/** config → database (migrated) → services → app; shared by the server, the worker and tests. */
export async function startRuntime(config: Config, overrides: { logger?: boolean | object } = {}): Promise<Runtime> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const limiter = chooseRateLimiter(config);
  const mail = chooseMailTransport(config);
  const app = await buildApp({ config, database, limiter, mail, logger: overrides.logger as never });
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
    close,
    stop: (graceMs) => stopGracefully({ close, graceMs, log: app.log, connections, pending: () => ({ jobs: app.jobs.heldJobs }) }),
  };
}
