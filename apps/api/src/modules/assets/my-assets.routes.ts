import { ErrorResponseSchema, MyAssetsQuerySchema, MyAssetsResponseSchema } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../plugins/auth.ts';
import { myAssets, type MintTxUrl, type OpenListingsLookup } from './my-assets.ts';

/**
 * GET /api/my/assets (owned-assets.md §7.1). The marketplace tells which copies are on sale
 * (`openListings`, handed in by app.ts: the marketplace builds on assets, not the other way).
 */
export const myAssetsRoutes: FastifyPluginAsyncZod<{ db: Db; openListings: OpenListingsLookup; mintTxUrl: MintTxUrl }> = async (
  app,
  { db, openListings, mintTxUrl },
) => {
  app.get('/assets', {
    preHandler: app.requireAuth,
    schema: {
      tags: ['my assets'],
      security: [{ bearerAuth: [] }],
      summary: "The player's ships and container-house pieces, newest first",
      description:
        'Filters: element and rarity (comma lists; either keeps ships only), kind (ship, house_unit), price_from/price_to in USD on ' +
        '`price`, what the player paid (a blind box ship: the box price; granted items have none and match no price filter). ' +
        'Pages of 20 by default (limit at most 100). Each ship says its `state` (available, listed, penguin, staked, minting, minted), ' +
        'its open `listing` (listed, or held by a buyer\'s checkout) and `nft`: mint_status lock while its mint fee is unpaid, ' +
        'verify_payment while the fee is verified and the token minted, minted once on chain, with txh and tx_url (the explorer). ' +
        'Unit pieces have `_id` unit-<n>.',
      querystring: MyAssetsQuerySchema,
      response: { 200: MyAssetsResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async (req) => {
      const page = await myAssets(db, callerOf(req).userId, req.query, openListings, mintTxUrl);
      return { error: false as const, ...page, page: req.query.page, limit: req.query.limit };
    },
  });
};
