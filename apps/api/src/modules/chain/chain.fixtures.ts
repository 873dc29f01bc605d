import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import { startLocalChain, type LocalChain } from '../../chain/local-chain.ts';
import { loadConfig, type Config } from '../../config.ts';
import { memoryRateLimiter } from '../../lib/rate-limiter.ts';
import { outboxTransport } from '../../mail/transport.ts';

/** Test fixtures for the chain area: the app built on a given configuration, and on `npm start`'s local chain. */

export const LOCAL_TEST_PUBLIC_URL = 'http://127.0.0.1:3999';

/** buildApp on this exact configuration (createTestApp takes environment variables only). */
export async function appOn(config: Config): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const limiter = memoryRateLimiter();
  const app = await buildApp({ config, database, limiter, mail: outboxTransport(), logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await limiter.close();
      await database.close();
    },
  };
}

/** The local chain as `npm start` runs it (own DATA_DIR, free port) and an app configured with it. */
export async function localChainApp(): Promise<{ local: LocalChain; app: FastifyInstance; close(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'starport-chain-area-'));
  const config = loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    PUBLIC_URL: LOCAL_TEST_PUBLIC_URL,
    JWT_ACCESS_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SERVE_WEB: '0',
    RUN_WORKERS: '0',
    LOCAL_CHAIN_PORT: '0',
  });
  const local = await startLocalChain(config);
  try {
    const { app, close } = await appOn(local.config);
    return {
      local,
      app,
      async close() {
        await close();
        await local.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await local.stop();
    throw err;
  }
}
