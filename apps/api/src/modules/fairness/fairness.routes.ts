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
import { callerOf } from '../../plugins/auth.ts';
import { FairnessService } from './fairness.service.ts';

const tags = ['fairness'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': ErrorResponseSchema };

/**
 * Provably fair blind-box openings (docs/api-fairness.md), under /api/fairness. Everything
 * about the caller's seed pair needs sign-in; one opening by id is public, for sharing.
 */
export const fairnessRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const fairness = new FairnessService(db);

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
        'Choose a new client seed: the active pair is revealed and a new one starts with this client seed at nonce 0',
      body: ClientSeedBodySchema,
      response: { 200: SeedRotationResponseSchema, ...errors },
    },
    handler: async (req) => ({
      error: false as const,
      data: await fairness.rotate(callerOf(req).userId, req.body.client_seed),
    }),
  });

  app.post('/rotate', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Reveal the active server seed and start a new pair, keeping the client seed',
      response: { 200: SeedRotationResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, data: await fairness.rotate(callerOf(req).userId) }),
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
