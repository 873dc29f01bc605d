import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Address, Hash } from 'viem';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { addressPage, errorPage, txPage } from './explorer-page.ts';
import type { LocalExplorer } from './explorer.service.ts';

const HashParams = z.object({
  hash: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'A transaction hash is 0x followed by 64 hex digits.')
    .transform((h) => h.toLowerCase() as Hash),
});
const AddressParams = z.object({
  address: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'An address is 0x followed by 40 hex digits.')
    .transform((a) => a.toLowerCase() as Address),
});

/**
 * The local chain's block explorer (registered only when anvil is the chain): the success
 * dialog's "view transaction" opens {explorerUrl}/tx/{hash}, and units link to /address/….
 * Pages, not JSON: its failures are pages too.
 */
export const explorerRoutes: FastifyPluginAsyncZod<{ explorer: LocalExplorer; base: string }> = async (app, { explorer, base }) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const status = err instanceof AppError ? err.status : err.validation ? 400 : (err.statusCode ?? 500);
    if (status >= 500 && !(err instanceof AppError)) req.log.error({ err }, 'explorer page failed');
    const msg = status >= 500 && !(err instanceof AppError) ? 'Something went wrong!' : (err.validation?.[0]?.message ?? err.message);
    return reply.status(status).type('text/html; charset=utf-8').send(errorPage(status, msg));
  });

  app.get('/tx/:hash', {
    schema: { tags: ['dev'], summary: 'A transaction on the local chain, as a page (local chain only)', params: HashParams },
    handler: async (req, reply) => reply.type('text/html; charset=utf-8').send(txPage(base, await explorer.transaction(req.params.hash))),
  });

  app.get('/address/:address', {
    schema: { tags: ['dev'], summary: 'Balances and recent token transfers of an address on the local chain (local chain only)', params: AddressParams },
    handler: async (req, reply) => reply.type('text/html; charset=utf-8').send(addressPage(base, await explorer.address(req.params.address))),
  });
};
