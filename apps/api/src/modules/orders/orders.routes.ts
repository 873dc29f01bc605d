import {
  ErrorResponseSchema,
  OrderCodeParamsSchema,
  OrderResponseSchema,
  OrdersPageQuerySchema,
  OrdersPageResponseSchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '../../plugins/auth.ts';
import type { OrdersService } from './orders.service.ts';

const tags = ['orders'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': ErrorResponseSchema };

/**
 * The caller's own orders. Orders are opened by the payment calls (card provider, widget,
 * crypto), never here. Every call is owner-scoped: another user's code answers 404.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.addHook('preHandler', app.requireAuth);

  app.get('', {
    schema: {
      tags,
      security,
      summary: "The caller's orders, newest first, with their lines and status (page, limit ≤ 50)",
      querystring: OrdersPageQuerySchema,
      response: { 200: OrdersPageResponseSchema, ...errors },
    },
    handler: async (req) => ({
      error: false as const,
      data: await orders.listOwned(callerOf(req).userId, req.query.page, req.query.limit),
    }),
  });

  app.get('/:code', {
    schema: {
      tags,
      security,
      summary: "One of the caller's orders by its code (SP-…); someone else's is a 404",
      params: OrderCodeParamsSchema,
      response: { 200: OrderResponseSchema, ...errors },
    },
    handler: async (req) => ({
      error: false as const,
      data: await orders.getOwned(callerOf(req).userId, req.params.code),
    }),
  });

  app.post('/:code/cancel', {
    schema: {
      tags,
      security,
      summary: 'Cancel a pending order: its reserved stock goes back to the shop. A paid order is a 409.',
      params: OrderCodeParamsSchema,
      response: { 200: OrderResponseSchema, ...errors },
    },
    handler: async (req) => ({
      error: false as const,
      data: await orders.cancel(callerOf(req).userId, req.params.code),
    }),
  });
};
