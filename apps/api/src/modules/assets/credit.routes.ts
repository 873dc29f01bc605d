import { CreditTotalResponseSchema, ErrorResponseSchema } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../plugins/auth.ts';
import { landCreditBalance } from './land-credit.ts';

/**
 * GET /api/credit/total: the player's land-credit balance. Moved here from accounts with the
 * ledger it reads; the OpenAPI tag stays 'accounts' so the published document is unchanged.
 */
export const creditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/total', {
    preHandler: app.requireAuth,
    schema: {
      tags: ['accounts'],
      security: [{ bearerAuth: [] }],
      summary: 'Land-credit balance',
      response: { 200: CreditTotalResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async (req) => ({ error: false as const, amount: await landCreditBalance(db, callerOf(req).userId) }),
  });
};
