import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { chooseMailTransport, chooseRateLimiter } from './services.ts';

export type Runtime = { app: FastifyInstance; database: Database; close(): Promise<void> };

/** config → database (migrated) → services → app; shared by the server, the worker and tests. */
export async function startRuntime(config: Config, overrides: { logger?: boolean | object } = {}): Promise<Runtime> {
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const limiter = chooseRateLimiter(config);
  const mail = chooseMailTransport(config);
  const app = await buildApp({ config, database, limiter, mail, logger: overrides.logger as never });
  return {
    app,
    database,
    async close() {
      await app.close();
      await limiter.close();
      mail.close();
      await database.close();
    },
  };
}
