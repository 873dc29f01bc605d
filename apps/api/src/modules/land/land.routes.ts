import {
  BuyLandResponseSchema,
  BuyLandWithCreditBodySchema,
  ErrorResponseSchema,
  LandCellsQuerySchema,
  LandCellsResponseSchema,
  CollectionOfPlotBodySchema,
  CollectionOfPlotResponseSchema,
  MyLandsQuerySchema,
  MyLandsResponseSchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../plugins/auth.ts';
import { buyLandWithCredit } from './buy-with-credit.ts';
import { collectionHoldingPlot } from './collections.ts';
import { landCells, myLands, MY_LANDS_LIMIT } from './land-views.ts';

const tags = ['land'];

/** The map's owned cells (public, coloured for the caller when signed in) and buying with land credit. */
export const landRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/cells', {
    preHandler: app.optionalAuth,
    schema: {
      tags,
      summary: 'The owned plots in a box of the map, and what a free plot costs',
      description:
        'The server lists the owned cells of its own grid (decision 0043) inside `bbox` (west,south,east,north, at most 2° each way; ' +
        'a larger box is a 400 asking to zoom in). Every other cell there is free. `layer` colours a cell for the caller: mine (in no collection), ' +
        'my_collection, or others; signed out, every owned cell is others. Another player’s collection is not told.',
      querystring: LandCellsQuerySchema,
      response: { 200: LandCellsResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async (req) => landCells(db, req.auth?.userId ?? null, req.query.bbox),
  });

  app.post('/payment/credit', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security: [{ bearerAuth: [] }],
      summary: 'Buy free plots with land credit, all or none',
      description:
        '`items` names up to 100 plots by cell `id`, or by a `bbox` (or `location.bbox`) that must be one grid cell’s own edges. ' +
        '`price` is the total in land credit the player saw: the server prices each plot itself and answers 409 when the totals differ. ' +
        '`type` individual, or collection with `collection` (one of the caller’s collections that is not minting or minted). ' +
        'A plot somebody owns, or too little credit, is a 409 and nothing is bought or spent.',
      body: BuyLandWithCreditBodySchema,
      response: { 200: BuyLandResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async (req) => buyLandWithCredit(db, callerOf(req).userId, req.body),
  });
};

/** GET /api/lands/my_assets: the caller's plots in the spec's shape. */
export const myLandsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/my_assets', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security: [{ bearerAuth: [] }],
      summary: 'The caller’s land plots, newest first',
      description: `\`type\` all (default) or individual (only plots in no collection). At most ${MY_LANDS_LIMIT} plots; \`total\` counts them all.`,
      querystring: MyLandsQuerySchema,
      response: { 200: MyLandsResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async (req) => myLands(db, callerOf(req).userId, req.query.type),
  });

  app.post('/my_assets/collection', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security: [{ bearerAuth: [] }],
      summary: 'Which of the caller’s collections holds a plot (null: none)',
      body: CollectionOfPlotBodySchema,
      response: { 200: CollectionOfPlotResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async (req) => collectionHoldingPlot(db, callerOf(req).userId, req.body.item),
  });
};
