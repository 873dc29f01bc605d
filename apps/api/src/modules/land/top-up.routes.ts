import { ErrorResponseSchema, TopUpTermsResponseSchema } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { topUpTerms } from './top-up-terms.ts';

/** GET /api/credit/topup: what a land credit costs now and how many one top-up buys (docs/api-land-credit.md). */
export const topUpTermsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/topup', {
    preHandler: app.requireAuth,
    schema: {
      tags: ['land'],
      security: [{ bearerAuth: [] }],
      summary: 'The price of one land credit and the bounds of one top-up (operator settings)',
      description:
        '`usd_per_credit` (and exactly, `usd_per_credit_micro`) is what one credit costs; a top-up buys from `min_quantity` ' +
        'to `max_quantity` credits. The payment calls price the order from these same settings, never from the browser.',
      response: { 200: TopUpTermsResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async () => topUpTerms(db),
  });
};
