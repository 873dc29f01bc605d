import { ErrorResponseSchema, LeaderboardQuerySchema, LeaderboardResponseSchema } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { LeaderboardsService } from './leaderboards.service.ts';

/** GET /api/leaderboards/topref: "Galactic Champions of the Month" (owned-assets.md §2.9, §7.4). */
export const leaderboardsRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => Date }> = async (app, deps) => {
  const boards = new LeaderboardsService(deps);
  app.get('/topref', {
    schema: {
      tags: ['leaderboards'],
      summary:
        'Top referrers: players ranked by how many players signed up with their referral code, this calendar month (UTC) by default or over all time (`period=all`); ' +
        'page (1-based), limit (default 20, at most 100); `total` is the number of ranked referrers.',
      querystring: LeaderboardQuerySchema,
      response: { 200: LeaderboardResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async (req) => ({ error: false as const, ...(await boards.topReferrers(req.query)) }),
  });
};
