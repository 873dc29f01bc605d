import {
  ClientSeedBodySchema,
  ErrorResponseSchema,
  FairnessSeedResponseSchema,
  OpeningIdParamsSchema,
  OpeningResponseSchema,
  OpeningsPageQuerySchema,
  OpeningsPageResponseSchema,
  SeedRotationResponseSchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { tooManyRequests } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { callerOf } from '../../plugins/auth.ts';
import { FairnessService } from './fairness.service.ts';

const tags = ['fairness'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': ErrorResponseSchema };

/**
 * Provably fair blind-box openings (docs/api-fairness.md), under /api/fairness. Everything
 * about the caller's seed pair needs sign-in; one opening by id is public, for sharing.
 */
type FairnessDeps = { db: Db; limiter: RateLimiter; rotationsPerHour: number };

export const fairnessRoutes: FastifyPluginAsyncZod<FairnessDeps> = async (app, { db, limiter, rotationsPerHour }) => {
  const fairness = new FairnessService(db);

  /**
   * Every rotation keeps the pair it ends (its openings must stay verifiable), so a script that
   * rotates without pause would only fill the table: a player gets FAIRNESS_ROTATIONS_PER_HOUR.
   */
  const rotate = async (userId: string, clientSeed?: string) => {
    const decision = await limiter.hit(`fairness:rotate:user:${userId}`, rotationsPerHour, 3600);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
    return fairness.rotate(userId, clientSeed);
  };

  app.get('/seed', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary:
        "The caller's active seed pair: the server seed's SHA-256 (the seed stays secret until rotated), the client seed and the next nonce",
      response: { 200: FairnessSeedResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, data: await fairness.seed(callerOf(req).userId) }),
  });

  app.put('/client_seed', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary:
        'Choose a new client seed: the active pair is revealed and a new one starts with this client seed at nonce 0 (with /rotate, 30 an hour per player by default)',
      body: ClientSeedBodySchema,
      response: { 200: SeedRotationResponseSchema, ...errors },
    },
    handler: async (req) => ({
      error: false as const,
      data: await rotate(callerOf(req).userId, req.body.client_seed),
    }),
  });

  app.post('/rotate', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary:
        'Reveal the active server seed and start a new pair, keeping the client seed (with /client_seed, 30 an hour per player by default)',
      response: { 200: SeedRotationResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, data: await rotate(callerOf(req).userId) }),
  });

  app.get('/openings', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: "The caller's opened blind boxes, newest first, with the inputs of each draw (page, limit ≤ 100)",
      querystring: OpeningsPageQuerySchema,
      response: { 200: OpeningsPageResponseSchema, ...errors },
    },
    handler: async (req) => {
      const { page, limit } = req.query;
      return { error: false as const, ...(await fairness.openings(callerOf(req).userId, page, limit)), page, limit };
    },
  });

  app.get('/openings/:id', {
    schema: {
      tags,
      summary: 'One opening, public: the box, the draw inputs (server seed once revealed), the roll and the ship',
      params: OpeningIdParamsSchema,
      response: { 200: OpeningResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, data: await fairness.opening(req.params.id) }),
  });
};
