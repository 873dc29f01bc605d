import { ErrorResponseSchema, MyRefQuerySchema, MyRefResponseSchema } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../plugins/auth.ts';
import { myReferrals } from './my-referrals.ts';

/** /api/my/ref: the signed-in player's referrals (docs/api-referrals.md). */
export const referralRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/ref', {
    preHandler: app.requireAuth,
    schema: {
      tags: ['referrals'],
      security: [{ bearerAuth: [] }],
      summary: 'The players who arrived with the caller’s referral link, and what the caller earned from them',
      description:
        'One row per referred player, newest first (page, limit ≤ 100): `vol` what their paid orders charged, `items` how many items those held, ' +
        '`aff` how many players they referred in turn, `earned` the caller’s share of their orders. `received` is everything the caller earned from ' +
        'referrals (`orders` paid orders, which charged `volume`), `share_bps` the share in force, and `code` the caller’s referral code: their wallet address, null until a wallet is linked.',
      querystring: MyRefQuerySchema,
      response: { 200: MyRefResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async (req) => myReferrals(db, callerOf(req).userId, req.query.page, req.query.limit),
  });
};
