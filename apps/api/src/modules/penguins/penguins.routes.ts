import {
  AssignPenguinBodySchema,
  AssignPenguinResponseSchema,
  CollectPenguinsResponseSchema,
  ErrorResponseSchema,
  MyPenguinsResponseSchema,
  PenguinCollectionResponseSchema,
  PenguinIdParamsSchema,
  RemovePenguinShipResponseSchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../plugins/auth.ts';
import { penguinCollection } from './penguin-collection.ts';
import { readPenguinRate } from './penguin-rate.ts';
import { assignShip, collect, myPenguins, removeShip } from './penguins.service.ts';

const tags = ['penguins'];
const security = [{ bearerAuth: [] }];
const errors = { '4xx': ErrorResponseSchema };

/** GET /api/fetch/peguins: the game's penguin collection (public; the spec spells it peguins). */
export const penguinCollectionRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/peguins', {
    schema: {
      tags,
      summary: 'The penguin collection: every penguin with its rarity, staking boost and art',
      description:
        'Rarity 0 Common, 1 Rare, 2 Legendary, 3 "1 of 1"; boost_percent 100, 125, 150, 200. daily_dnc is what a ship assigned ' +
        'to it earns per whole day at the configured rate (rate_per_day). `owned` says whether a player owns it (not who).',
      response: { 200: PenguinCollectionResponseSchema, ...errors },
    },
    handler: async () => {
      const rate = await readPenguinRate(db);
      return { error: false as const, data: await penguinCollection(db, rate), rate_per_day: rate };
    },
  });
};

/** The player's penguins and their ships, under /api/my (owned-assets.md §7.4). */
export const myPenguinRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/peguins', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'My penguins, each with its assigned spaceship and the DNC it has accrued',
      description:
        'accrued_dnc counts whole days since the ship was assigned or last collected, times daily_dnc, plus days banked by a ship ' +
        'since removed. collected_today: one collect per UTC day; next_collect_at is then the next UTC midnight.',
      response: { 200: MyPenguinsResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, ...(await myPenguins(db, callerOf(req).userId)) }),
  });

  app.post('/peguins/assign', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Assign one of my ships to one of my penguins',
      description:
        '`spaceship` is the ship’s My Assets `_id`, `peguin` the penguin’s `_id`. The ship is locked (state penguin) and cannot be ' +
        'listed until removed. 404 when either is not yours; 409 when the penguin already holds a ship or the ship is held ' +
        '(assigned, listed, staked, minting, an NFT), with the reason.',
      body: AssignPenguinBodySchema,
      response: { 200: AssignPenguinResponseSchema, ...errors },
    },
    handler: async (req) => {
      const peguin = await assignShip(db, {
        userId: callerOf(req).userId,
        penguinId: Number(req.body.peguin),
        ownedShipId: Number(req.body.spaceship),
      });
      return { error: false as const, msg: 'Spaceship assigned to your penguin.', peguin };
    },
  });

  app.delete('/peguins/assign/:id', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Remove the spaceship from my penguin (`id`: the penguin’s `_id`)',
      description:
        'The ship is available again. The whole days it earned stay on the penguin (banked_dnc) for the next collect; the day in ' +
        'progress is not counted. 404 when the penguin is not yours, 409 when it holds no ship.',
      params: PenguinIdParamsSchema,
      response: { 200: RemovePenguinShipResponseSchema, ...errors },
    },
    handler: async (req) => {
      const { banked } = await removeShip(db, { userId: callerOf(req).userId, penguinId: Number(req.params.id) });
      return { error: false as const, msg: 'Spaceship removed from your penguin.', banked_dnc: banked };
    },
  });

  app.post('/peguins/collect', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Collect the DNC my penguins’ ships have earned (once per UTC day)',
      description:
        'Credits every whole day earned (and banked) to the DNC balance and starts the count again from there. A second collect the ' +
        'same UTC day is a 409, also when two arrive at once (exactly one credits). Nothing earned yet: 409, and you may collect later today.',
      response: { 200: CollectPenguinsResponseSchema, ...errors },
    },
    handler: async (req) => {
      const { amount, balance } = await collect(db, callerOf(req).userId);
      return { error: false as const, msg: `Collected ${amount} DNC.`, amount, balance };
    },
  });
};
