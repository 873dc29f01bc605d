import {
  ErrorResponseSchema,
  GIN_CONVERSIONS_LIMIT,
  GinConfigQuerySchema,
  GIN_TEXT,
  GinConfigResponseSchema,
  GinConversionResponseSchema,
  GinConversionsResponseSchema,
  GinStatusBodySchema,
  GinTermsResponseSchema,
  GinVerifyBodySchema,
  MessageResponseSchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ChainsConfig } from '../../chain/chain-config.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { callerOf } from '../../plugins/auth.ts';
import { GIN_QUOTE_LIMIT, GinConversions } from './gin.service.ts';
import { ginTerms } from './gin-terms.ts';

const errors = { '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema };
const security = [{ bearerAuth: [] }];
const tags = ['gin'];
const TidParamsSchema = z.object({ tid: z.string().min(1).max(80) });

type Deps = { db: Db; chains: ChainsConfig; limiter: RateLimiter };

/** Gin to DNC (docs/api-gin.md, decision 0053), under /api/convert/gin. */
export const ginRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, chains, limiter }) => {
  const gin = new GinConversions({ db, chains, limiter, log: app.log });

  app.get('/terms', {
    schema: {
      tags,
      summary: 'The networks Gin can be burnt on, the rate (DNC per Gin), the limits and the gas limit',
      description: 'Public. An empty `networks` list: Gin conversion is not available on this server.',
      response: { 200: GinTermsResponseSchema },
    },
    handler: () => ginTerms(chains),
  });

  app.get('/config', {
    preHandler: app.requireAuth,
    // The spec's "Invalid Gin Amount." is answered word for word, not prefixed with the field.
    attachValidation: true,
    schema: {
      tags,
      security,
      summary: 'Quote a conversion: the tid, the network, the Gin contract, the burn address and the exact amount to send',
      description:
        'Signed in, with a linked wallet (the Gin must come from it). `network` (0x1, 0x38, …) may be left out when one ' +
        'network is offered. 400 bad total or network; 409 no linked wallet; 429 after ' +
        `${GIN_QUOTE_LIMIT.hits} quotes in ${GIN_QUOTE_LIMIT.seconds / 60} minutes; 503 not available or the chain cannot be read. ` +
        'Never cached.',
      querystring: GinConfigQuerySchema,
      response: { 200: GinConfigResponseSchema, ...errors },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (req.validationError) throw badRequest(req.validationError.validation[0]?.message || GIN_TEXT.invalidAmount);
      return gin.quote(callerOf(req).userId, req.query);
    },
  });

  app.post('/status', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Log a step of the browser (12, 20, 21, 22, 30, 40, 41); never credits anything',
      description: '404 an unknown tid or another player’s.',
      body: GinStatusBodySchema,
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (req) => {
      await gin.step(callerOf(req).userId, req.body);
      return { error: false as const, msg: 'Step recorded.' };
    },
  });

  app.post('/verify', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Report the Gin transfer; the DNC is credited once the chain confirms it',
      description:
        'Only a confirmed ERC-20 Transfer of the quoted Gin contract, from the linked wallet, to the burn address, of ' +
        'exactly the quoted amount, mined after the quote, credits, and one transfer credits once (across conversions ' +
        'and order payments). Not settled yet: `verifying`, ask GET /api/convert/gin/{tid} again. 400 a network other ' +
        'than the quote’s; 404 unknown tid or another player’s; 409 another transaction already reported, or the quote lapsed.',
      body: GinVerifyBodySchema,
      response: { 200: GinConversionResponseSchema, ...errors },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return gin.verify(callerOf(req).userId, req.body);
    },
  });

  app.get('/conversions', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: `Your Gin conversions, newest first (the latest ${GIN_CONVERSIONS_LIMIT})`,
      response: { 200: GinConversionsResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, data: await gin.list(callerOf(req).userId) }),
  });

  app.get('/:tid', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'One of your conversions, as it stands (the browser asks again while it is `verifying`)',
      description: '404 an unknown tid or another player’s.',
      params: TidParamsSchema,
      response: { 200: GinConversionResponseSchema, ...errors },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return gin.get(callerOf(req).userId, req.params.tid);
    },
  });
};
