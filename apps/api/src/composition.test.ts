import { describe, expect, it } from 'vitest';
import { buildJobHandlers, buildOrdersService } from './composition.ts';
import { loadConfig } from './config.ts';
import type { Db } from './db/client.ts';
import { outboxTransport } from './mail/transport.ts';

describe('composition: what the API and `npm run worker` build alike', () => {
  const configEnv = {
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/starport-test-unused',
    PUBLIC_URL: 'https://starport.test',
    JWT_ACCESS_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  };
  const config = loadConfig(configEnv);

  it('knows every job kind any area queues, each with a handler', () => {
    // Building touches no database; the handlers only use it when they run.
    const orders = buildOrdersService(config, {} as Db);
    const handlers = buildJobHandlers({ config, mail: outboxTransport(), orders });
    expect(Object.keys(handlers).sort()).toEqual([
      'accounts.wallet_linked',
      'chain_index.scan',
      'crypto.find_transfer',
      'crypto.verify',
      'deliver-email',
      'gin.verify',
      'marketplace.listing-expiry',
      'marketplace.sale-notice',
      'mint.house_units',
      'mint.land_collection',
      'mint.ship',
      'order.expire',
      'order.fulfil',
      'order.unattached',
      'password-reset-request',
      'sandbox.stripe_webhook',
      'ship_mint.failed',
      'staking.index',
    ]);
    for (const handler of Object.values(handlers)) expect(handler).toBeTypeOf('function');
  });

  it('refuses to build the handlers on secrets not yet read from the database', () => {
    // On PostgreSQL the generated secrets come from the database: a worker that forgot to read
    // them would sign the sandbox's webhook events with a placeholder that every copy refuses.
    const pending = loadConfig({ ...configEnv, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/unused' });
    expect(pending.pendingSecrets.length).toBeGreaterThan(0);
    const orders = buildOrdersService(pending, {} as Db);
    expect(() => buildJobHandlers({ config: pending, mail: outboxTransport(), orders })).toThrow(/generated secrets/);
  });
});
