import {
  ClaimLandsBodySchema,
  ClaimLandsResponseSchema,
  ErrorResponseSchema,
  GOALAND_PERIOD,
  GoalandProgrammeResponseSchema,
  MyLandStakingResponseSchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { readGoalandRate } from './goaland-rate.ts';
import { claimLandStaking, goalandDescription, myLandStaking, nextUtcMidnight } from './goaland.service.ts';

const tags = ['goaland'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': ErrorResponseSchema };

/** GET /api/fetch/lands: the staking programme (public). */
export const goalandProgrammeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/lands', {
    schema: {
      tags,
      summary: 'The GOALAND land staking programme: DNC per plot per day and the period',
      description: 'Every plot a player owns earns rate_per_plot_day DNC per whole day; a player collects once per UTC day.',
      response: { 200: GoalandProgrammeResponseSchema, ...errors },
    },
    handler: async () => {
      const rate = await readGoalandRate(db);
      return { error: false as const, rate_per_plot_day: rate, period: GOALAND_PERIOD, description: goalandDescription(rate) };
    },
  });
};

/** The player's land staking, under /api/my (owned-assets.md §7.4). */
export const myGoalandRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/lands', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'My land staking: plots, daily earnings, whether I can collect now and when next',
      description:
        'total: plots owned; dailyEarn: total × rate; accrued: whole days per plot since bought or last collected, × rate; ' +
        'enable: collect allowed now; next_time: the next UTC midnight once today’s collect is done, else null.',
      response: { 200: MyLandStakingResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, ...(await myLandStaking(db, callerOf(req).userId)) }),
  });

  app.post('/lands/claim', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Collect the DNC my plots have earned (once per UTC day)',
      description:
        'Takes no fields (no body or `{}`). Credits every whole plot-day to the DNC balance. A second collect the same UTC day is ' +
        'a 409, also when two arrive at once (exactly one credits). Nothing earned yet: 409, and you may collect later today.',
      response: { 200: ClaimLandsResponseSchema, ...errors },
    },
    handler: async (req) => {
      // Checked here, after sign-in: a claim takes no fields, so any field sent is a mistake.
      if (!ClaimLandsBodySchema.safeParse(req.body ?? undefined).success) throw badRequest('A claim takes no fields: send no body or {}.');
      const { amount, balance } = await claimLandStaking(db, callerOf(req).userId);
      return { error: false as const, msg: `Collected ${amount} DNC.`, amount, balance, next_time: nextUtcMidnight() };
    },
  });
};
