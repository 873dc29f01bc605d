import {
  AssetsNftBodySchema,
  AssetsNftResponseSchema,
  ErrorResponseSchema,
  StakingPoolResponseSchema,
  StakingWalletParamsSchema,
  StakingWalletResponseSchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StakingService } from './staking.service.ts';

/** Browsers and proxies may keep the pool this long; the server itself rereads it at every new block. */
export const POOL_MAX_AGE_SECONDS = 5;

/** GET /api/staking/pool, GET /api/staking/wallet/:address (docs/api-staking.md). */
export const stakingRoutes: FastifyPluginAsyncZod<{ staking: StakingService }> = async (app, { staking }) => {
  app.get('/pool', {
    schema: {
      tags: ['staking'],
      summary: 'The unit-token staking pool: APR, totals, reward pool, owner, realised APY and deposit history (public)',
      response: { 200: StakingPoolResponseSchema, '5xx': ErrorResponseSchema },
    },
    handler: async (req, reply) => {
      const answer = await staking.pool(req.log);
      reply.header('cache-control', `public, max-age=${POOL_MAX_AGE_SECONDS}`);
      return answer;
    },
  });
  app.get('/wallet/:address', {
    schema: {
      tags: ['staking'],
      summary: "One wallet's units held and staked, pending and claimed reward, approval (public chain data)",
      params: StakingWalletParamsSchema,
      response: { 200: StakingWalletResponseSchema, '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema },
    },
    handler: async (req, reply) => {
      const answer = await staking.wallet(req.params.address, req.log);
      reply.header('cache-control', 'no-store');
      return answer;
    },
  });
};

/** POST /api/getAssetsNFT {ids, ids_staking} (owned-assets.md §7.4): public, no sign-in needed. */
export const assetsNftRoutes: FastifyPluginAsyncZod<{ staking: StakingService }> = async (app, { staking }) => {
  app.post('/api/getAssetsNFT', {
    schema: {
      tags: ['staking'],
      summary: 'Staking NFT entries (name, image) for the unit type ids a wallet holds and has staked',
      body: AssetsNftBodySchema,
      response: { 200: AssetsNftResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: (req) => staking.assetsNft(req.body),
  });
};
