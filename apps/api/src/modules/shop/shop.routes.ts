import {
  BlindBoxChanceResponseSchema,
  BlindBoxResponseSchema,
  CatalogueIdParamsSchema,
  ErrorResponseSchema,
  ShopFindQuerySchema,
  ShopFindResponseSchema,
  ShopItemResponseSchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { compiledSerializerCompiler } from '../../lib/serialization/compiled-json.ts';
import { ShopService } from './shop.service.ts';

const errors = { '4xx': ErrorResponseSchema };
const tags = ['shop'];

/** The shop calls (storefront.md §7), under /api/shop. */
export const shopRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const shop = new ShopService({ db });

  app.get('/find', {
    schema: {
      tags,
      summary:
        'Ships in the shop, newest first (sold-out lines included, `soldout: true`). Filters: element (human/earth, ai, alien) and rarity comma lists, ' +
        'price_from/price_to in USD (inclusive, on sell_price); page (1-based), limit (default 16, at most 100).',
      querystring: ShopFindQuerySchema,
      response: { 200: ShopFindResponseSchema, ...errors },
    },
    // A list call: answers written by a serializer compiled from the schema (docs/decisions/0011).
    serializerCompiler: compiledSerializerCompiler,
    handler: async (req) => ({ error: false as const, ...(await shop.find(req.query)) }),
  });

  app.get('/item/:id', {
    schema: { tags, summary: 'One shop item with the price history of its ship', params: CatalogueIdParamsSchema, response: { 200: ShopItemResponseSchema, ...errors } },
    handler: async (req) => ({ error: false as const, item: await shop.item(req.params.id) }),
  });

  app.get('/blindbox', {
    schema: { tags, summary: 'The Frontier Blind Box: prices ($250 sale, $1000 listed) and odds in basis points', response: { 200: BlindBoxResponseSchema, ...errors } },
    handler: async () => ({ error: false as const, item: await shop.blindBox() }),
  });
};

/** GET /api/my/blindboxs/chance: the box's odds as percentages (they sum to 100). */
export const blindBoxRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const shop = new ShopService({ db });
  app.get('/chance', {
    schema: { tags, summary: 'Blind-box odds per rarity, in percent', response: { 200: BlindBoxChanceResponseSchema, ...errors } },
    handler: async () => ({ error: false as const, chance: await shop.chance() }),
  });
};
