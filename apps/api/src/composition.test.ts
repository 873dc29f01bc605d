import { describe, expect, it } from 'vitest';
import { buildJobHandlers, buildOrdersService } from './composition.ts';
import { loadConfig } from './config.ts';
import type { Db } from './db/client.ts';
import { outboxTransport } from './mail/transport.ts';

describe('composition: what the API and `npm run worker` build alike', () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/starport-test-unused',
    PUBLIC_URL: 'https://starport.test',
    JWT_ACCESS_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  });

  it('knows every job kind any area queues, each with a handler', () => {
    // Building touches no database; the handlers only use it when they run.
    const orders = buildOrdersService(config, {} as Db);
    const handlers = buildJobHandlers({ config, mail: outboxTransport(), orders });
    expect(Object.keys(handlers).sort()).toEqual([
      'crypto.find_transfer',
      'crypto.verify',
      'deliver-email',
      'order.expire',
      'order.fulfil',
      'password-reset-request',
    ]);
    for (const handler of Object.values(handlers)) expect(handler).toBeTypeOf('function');
  });
});
