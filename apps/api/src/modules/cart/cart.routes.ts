import { DiscountTiersResponseSchema, ErrorResponseSchema, GetPriceBodySchema, GetPriceResponseSchema, MessageResponseSchema, StockValidateBodySchema } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { CartService } from './cart.service.ts';
import { readDiscountTiers } from './discount-tiers.ts';

const tags = ['cart'];
const errors = { '4xx': ErrorResponseSchema };

/** POST /api/getprice and GET /api/getprice/tiers: prices of a cart, from our own prices. */
export const priceRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const cart = new CartService({ db });
  app.post('', {
    schema: {
      tags,
      summary:
        'The price summary of a cart: items is a list of { id (or _id), total, object: spaceship | blindbox }. ' +
        'Prices come from the shop, never from the request; the volume discount counts items (quantities). ' +
        'An id that is not sold is a 404 naming it.',
      body: GetPriceBodySchema,
      response: { 200: GetPriceResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, data: await cart.price(req.body.items) }),
  });
  app.get('/tiers', {
    schema: { tags, summary: 'The volume-discount tiers: from min_items items in the cart, percent off', response: { 200: DiscountTiersResponseSchema, ...errors } },
    handler: async () => ({ error: false as const, data: await readDiscountTiers(db) }),
  });
};

/** POST /api/shop_payment/stock_validate: the stock check before checkout. */
export const stockValidateRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const cart = new CartService({ db });
  app.post('/stock_validate', {
    schema: {
      tags,
      summary: 'Checks that every cart line can be bought in the quantity asked (ids: [{ id, total, object }]). A 409 names the first line that cannot.',
      body: StockValidateBodySchema,
      response: { 200: MessageResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, msg: await cart.validateStock(req.body.ids) }),
  });
};
