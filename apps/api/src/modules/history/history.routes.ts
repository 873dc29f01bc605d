import { ErrorResponseSchema, MyHistoryQuerySchema, MyHistoryResponseSchema } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../plugins/auth.ts';
import { myHistory } from './history.ts';

/** /api/my/history: the signed-in player's activity, newest first (docs/api-history.md). */
export const historyRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/history', {
    preHandler: app.requireAuth,
    schema: {
      tags: ['history'],
      security: [{ bearerAuth: [] }],
      summary: 'The caller’s activity: purchases, refunds, sales, referral rewards, redeemed codes and penguin earnings, newest first',
      description:
        'Pages of `limit` entries (default 20, at most 50). `next_cursor` goes back as `cursor` for the next, older page and is null on the last. ' +
        'Each entry says what happened (`title`, `detail`), when (`at`), what moved and which way (`usd` / `usd_micro`, `dnc`, `direction`), ' +
        'and the page where the player sees it (`link`). A cursor this list did not give out is a 400.',
      querystring: MyHistoryQuerySchema,
      response: { 200: MyHistoryResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async (req) => myHistory(db, callerOf(req).userId, req.query),
  });
};
