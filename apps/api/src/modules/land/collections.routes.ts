import {
  CollectionChangeResponseSchema,
  CollectionDetailQuerySchema,
  CollectionDetailResponseSchema,
  CollectionIdBodySchema,
  CollectionItemsQuerySchema,
  CollectionItemsResponseSchema,
  CollectionLandsBodySchema,
  CollectionLandsQuerySchema,
  CollectionLandsResponseSchema,
  CollectionsResponseSchema,
  CreateAndMoveBodySchema,
  ErrorResponseSchema,
  MoveLandBodySchema,
  SetCollectionNameBodySchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../plugins/auth.ts';
import {
  collectionDetail,
  collectionLands,
  createAndMove,
  moveDestination,
  moveLands,
  moveTargets,
  myCollections,
  removeCollection,
  removeLands,
  setCollectionName,
} from './collections.ts';

const tags = ['land'];
const security = [{ bearerAuth: [] }];
const change = { 200: CollectionChangeResponseSchema, '4xx': ErrorResponseSchema };
const FROZEN = 'A minting or minted collection is frozen: nothing moves in or out (409).';

/** /api/collections/*: the caller's land collections (docs/api-land.md). */
export const collectionsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('preHandler', app.requireAuth);

  app.get('/fetch', {
    schema: { tags, security, summary: 'The caller’s land collections, newest first', response: { 200: CollectionsResponseSchema, '4xx': ErrorResponseSchema } },
    handler: async (req) => myCollections(db, callerOf(req).userId),
  });
  app.get('/lands', {
    schema: { tags, security, summary: 'The plots of one of the caller’s collections', querystring: CollectionLandsQuerySchema, response: { 200: CollectionLandsResponseSchema, '4xx': ErrorResponseSchema } },
    handler: async (req) => collectionLands(db, callerOf(req).userId, req.query.collection_id),
  });
  app.get('/items', {
    schema: {
      tags,
      security,
      summary: 'Where plots can move: the caller’s collections that are not minting or minted, leaving out `except`',
      querystring: CollectionItemsQuerySchema,
      response: { 200: CollectionItemsResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async (req) => moveTargets(db, callerOf(req).userId, req.query.except),
  });
  app.post('/remove', {
    schema: { tags, security, summary: 'Delete an empty collection (409 when it holds plots or is minting or minted)', body: CollectionIdBodySchema, response: change },
    handler: async (req) => removeCollection(db, callerOf(req).userId, req.body.id),
  });
  app.post('/setname', {
    schema: { tags, security, summary: 'Rename a collection', body: SetCollectionNameBodySchema, response: change },
    handler: async (req) => setCollectionName(db, callerOf(req).userId, req.body.id, req.body.name),
  });
  app.post('/move_land', {
    schema: {
      tags,
      security,
      summary: 'Move plots into a collection (`type` collection with `collection_id`) or out of their collections (`type` individual)',
      description: FROZEN,
      body: MoveLandBodySchema,
      response: change,
    },
    handler: async (req) => moveLands(db, callerOf(req).userId, req.body.lands, moveDestination(req.body.type, req.body.collection_id)),
  });
  app.post('/add_lands', {
    schema: { tags, security, summary: 'Add plots to a collection', description: FROZEN, body: CollectionLandsBodySchema, response: change },
    handler: async (req) => moveLands(db, callerOf(req).userId, req.body.items, req.body.collection_id),
  });
  app.post('/remove_lands', {
    schema: { tags, security, summary: 'Take plots out of a collection (they become individual plots)', description: FROZEN, body: CollectionLandsBodySchema, response: change },
    handler: async (req) => removeLands(db, callerOf(req).userId, req.body.collection_id, req.body.items),
  });
};

/** /api/collection/*: making a collection, and the read-only detail anyone may open. */
export const collectionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post('/create_and_move', {
    preHandler: app.requireAuth,
    schema: { tags, security, summary: 'Make a collection, with the given plots (optional) moved into it; all or nothing', body: CreateAndMoveBodySchema, response: change },
    handler: async (req) => createAndMove(db, callerOf(req).userId, req.body.name, req.body.lands),
  });
  app.get('/detail', {
    schema: {
      tags,
      summary: 'A collection’s plots and name, for anyone (the read-only detail page)',
      querystring: CollectionDetailQuerySchema,
      response: { 200: CollectionDetailResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async (req) => collectionDetail(db, req.query.uriid),
  });
};
