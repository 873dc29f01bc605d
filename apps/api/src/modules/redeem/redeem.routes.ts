import { ErrorResponseSchema, MY_REDEEMS_LIMIT, MyRedeemsResponseSchema, RedeemBodySchema, RedeemResponseSchema } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { callerOf } from '../../plugins/auth.ts';
import { redeemCode } from './redeem.ts';
import { RedeemLimits } from './redeem-limits.ts';
import { redemptionsOf } from './redemption-view.ts';

const errors = { '4xx': ErrorResponseSchema };
const security = [{ bearerAuth: [] }];
const tags = ['redeem'];

type Deps = { db: Db; limiter: RateLimiter };

/** Redeem codes (docs/api-redeem.md), under /api/my: the signed-in player's own. */
export const redeemRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, limiter }) => {
  const limits = new RedeemLimits(limiter);

  app.post('/redeem', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Redeem a code: receive the DNC, the ship or the blind boxes (opened at once, provably fairly) it grants',
      description:
        'The code is compared trimmed and case-insensitive. 404 for a code that does not exist; 409 for one that is ' +
        'disabled, expired, used up, or that you redeemed already (each with its own `msg`), or whose blind box has ' +
        'no ship left of the rarity drawn; nothing changes then. ' +
        '429 after 10 attempts in 15 minutes by one player, or 30 from one address.',
      body: RedeemBodySchema,
      response: { 200: RedeemResponseSchema, ...errors },
    },
    handler: async (req) => {
      const { userId } = callerOf(req);
      await limits.attempt(userId, req.ip);
      const redemption = await redeemCode(db, userId, req.body.code);
      return { error: false as const, msg: `Code redeemed: you received ${redemption.granted}.`, redemption };
    },
  });

  app.get('/redeems', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: `Your redemptions, newest first (the latest ${MY_REDEEMS_LIMIT})`,
      response: { 200: MyRedeemsResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, data: await redemptionsOf(db, callerOf(req).userId, MY_REDEEMS_LIMIT) }),
  });
};
