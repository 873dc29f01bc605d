import { ErrorResponseSchema, MyBlindBoxesQuerySchema, MyBlindBoxesResponseSchema } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../plugins/auth.ts';
import { myBlindBoxes } from './my-blind-boxes.ts';

/** /api/my/blindboxes: the signed-in player's blind boxes (docs/api-orders.md). */
export const myBlindBoxesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/blindboxes', {
    preHandler: app.requireAuth,
    schema: {
      tags: ['orders'],
      security: [{ bearerAuth: [] }],
      summary: "The caller's blind boxes, one entry per order line, newest first (page, limit ≤ 100)",
      description:
        'Every blind box the caller bought (paid, fulfilled, refunded) or is buying (pending), with the order it came with. ' +
        '`state` says where its boxes stand: awaiting_payment, opening (paid, still being drawn), opened or refunded. ' +
        '`openings` lists, box by box, the ship each gave with the proof of its draw (the same entries as the order and /api/fairness/openings). ' +
        'Orders that expired, failed or were cancelled are left out: they never held a box for the caller.',
      querystring: MyBlindBoxesQuerySchema,
      response: { 200: MyBlindBoxesResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async (req) => ({
      error: false as const,
      data: await myBlindBoxes(db, callerOf(req).userId, req.query.page, req.query.limit),
    }),
  });
};
