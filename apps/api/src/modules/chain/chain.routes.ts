import { ChainInfoResponseSchema, ErrorResponseSchema } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChainInfoService } from './chain-info.service.ts';

/** Public chain facts for the wallet code, under /api/chain. */
export const chainRoutes: FastifyPluginAsyncZod<{ info: ChainInfoService }> = async (app, { info }) => {
  app.get('/config', {
    schema: {
      tags: ['chain'],
      summary: 'The chains, the sign-in chain and the USDC payment token and recipient (no secrets); 503 when the payment chain does not answer',
      response: { 200: ChainInfoResponseSchema, '5xx': ErrorResponseSchema },
    },
    handler: () => info.info(),
  });
};
