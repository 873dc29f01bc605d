import {
  DncListingBodySchema,
  DncListingInfoResponseSchema,
  ErrorResponseSchema,
  ListingIdParamsSchema,
  ListingPriceBodySchema,
  ListingResponseSchema,
  MyListingsQuerySchema,
  MyListingsResponseSchema,
  ProceedsQuerySchema,
  ProceedsResponseSchema,
  ShipListingBodySchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { callerOf } from '../../plugins/auth.ts';
import { dncForListing, myListing, myListings, proceedsPage, type HeldUntil } from './my-listings.ts';
import { cancelListing, listDnc, listShip, repriceListing } from './player-listings.ts';

const errors = { '4xx': ErrorResponseSchema };
const security = [{ bearerAuth: [] }];
const tags = ['my assets'];

type Deps = { db: Db; heldUntil: HeldUntil };

/**
 * Selling to other players, under /api/marketplace (owned-assets.md §7.1 and the designed
 * calls: change a price, cancel). Every call is the signed-in seller's own.
 */
export const playerListingRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, heldUntil }) => {
  const answer = async (sellerId: string, listingId: number, msg: string) => ({
    error: false as const,
    msg,
    listing: (await myListing(db, sellerId, listingId, heldUntil))!,
  });

  app.get('/dnc/listing', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'DNC the player can list (`amount`, their balance) and DNC in escrow in their open listings (`listed`)',
      response: { 200: DncListingInfoResponseSchema, ...errors },
    },
    handler: async (req) => ({ error: false as const, ...(await dncForListing(db, callerOf(req).userId)) }),
  });

  app.post('/listing', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'List one of your ships for sale',
      description:
        '`item` is the ship’s My Assets `_id`; the copy is locked (state listed) until the listing sells, is cancelled or expires, ' +
        'and it is the copy the buyer receives. 404 when it is not your ship, 409 when it is listed already or in use ' +
        '(a penguin, staked, minting, an NFT). The seller receives the price less the 5 % fee.',
      body: ShipListingBodySchema,
      response: { 200: ListingResponseSchema, ...errors },
    },
    handler: async (req) => {
      const sellerId = callerOf(req).userId;
      const { item, price, expires_in_days } = req.body;
      const id = await listShip(db, { sellerId, item, priceMicro: price, expiresInDays: expires_in_days ?? null });
      return answer(sellerId, id, 'Your ship is listed for sale.');
    },
  });

  app.post('/listing_dnc', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Put DNC up for sale as one lot',
      description:
        'The amount leaves your balance into escrow at once (it comes back if you cancel or the listing expires); ' +
        'more than your balance is a 400 "Please enter total DNC to sell less than {balance}". Two listings that together ' +
        'exceed the balance: exactly one is made.',
      body: DncListingBodySchema,
      response: { 200: ListingResponseSchema, ...errors },
    },
    handler: async (req) => {
      const sellerId = callerOf(req).userId;
      const { dnc, price, expires_in_days } = req.body;
      const id = await listDnc(db, { sellerId, dnc, priceMicro: price, expiresInDays: expires_in_days ?? null });
      return answer(sellerId, id, 'Your DNC is listed for sale.');
    },
  });

  app.patch('/listing/:id', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Change the price of your open listing',
      description:
        'Only while it is listed: 409 while a buyer’s checkout holds it (that buyer pays the price they saw or nothing), ' +
        'or once it sold or ended; 404 for a listing that is not yours.',
      params: ListingIdParamsSchema,
      body: ListingPriceBodySchema,
      response: { 200: ListingResponseSchema, ...errors },
    },
    handler: async (req) => {
      const sellerId = callerOf(req).userId;
      const id = await repriceListing(db, sellerId, req.params.id, req.body.price);
      return answer(sellerId, id, 'The new price is on the marketplace.');
    },
  });

  app.post('/listing/:id/cancel', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Cancel your open listing',
      description:
        'The ship goes back to your hangar, or the DNC back to your balance. 409 while a buyer’s checkout holds it or once it ' +
        'sold or ended; 404 for a listing that is not yours.',
      params: ListingIdParamsSchema,
      response: { 200: ListingResponseSchema, ...errors },
    },
    handler: async (req) => {
      const sellerId = callerOf(req).userId;
      const id = await cancelListing(db, sellerId, req.params.id);
      return answer(sellerId, id, 'Your listing is cancelled.');
    },
  });
};

/** The seller's own lists, under /api/my. */
export const myListingRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, heldUntil }) => {
  app.get('/listings', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'Your listings, newest first: active (listed or held by a checkout, default), sold, or ended (cancelled or expired); `kind` ship or dnc for one kind',
      querystring: MyListingsQuerySchema,
      response: { 200: MyListingsResponseSchema, ...errors },
    },
    handler: async (req) => {
      const { page, limit, status, kind } = req.query;
      return { error: false as const, ...(await myListings(db, callerOf(req).userId, { status, kind, page, limit }, heldUntil)), page, limit };
    },
  });

  app.get('/proceeds', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security,
      summary: 'What your sales paid you: the total (price less the 5 % fee, credited once per sale) and each sale, newest first',
      querystring: ProceedsQuerySchema,
      response: { 200: ProceedsResponseSchema, ...errors },
    },
    handler: async (req) => {
      const { page, limit } = req.query;
      return { error: false as const, ...(await proceedsPage(db, callerOf(req).userId, { page, limit })), page, limit };
    },
  });
};
