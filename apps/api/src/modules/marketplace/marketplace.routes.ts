import {
  CatalogueIdParamsSchema,
  ErrorResponseSchema,
  MarketplaceFindQuerySchema,
  MarketplaceFindResponseSchema,
  MarketplaceItemResponseSchema,
  type ListingReservation,
  SoldListResponseSchema,
  TopListQuerySchema,
  TotalDepositResponseSchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UnitsChainConfig } from '../../config.ts';
import { compiledSerializerCompiler } from '../../lib/serialization/compiled-json.ts';
import { UNDEPLOYED_UNITS_CHAIN, withUnitDetails } from './item-unit.ts';
import { MarketplaceService, type MarketplaceDeps } from './marketplace.service.ts';

const errors = { '4xx': ErrorResponseSchema };
const tags = ['marketplace'];

/**
 * A reserved listing's hold (the orders area knows it; app.ts hands it in, so the two areas do
 * not import each other): until when, and the order's code when `viewerId` is its buyer.
 */
export type ListingHoldLookup = (listingId: number, viewerId: string | null) => Promise<ListingReservation | null>;

/** The marketplace calls (storefront.md §7, owned-assets.md §7.4), under /api/marketplace. */
export const marketplaceRoutes: FastifyPluginAsyncZod<
  MarketplaceDeps & { unitsChain?: UnitsChainConfig; listingHold?: ListingHoldLookup }
> = async (app, deps) => {
  const market = new MarketplaceService(deps);
  const unitsChain = deps.unitsChain ?? UNDEPLOYED_UNITS_CHAIN;

  app.get('/find', {
    schema: {
      tags,
      summary:
        'Listed items, newest first. Filters: element and rarity comma lists, kind, price_from/price_to in USD (inclusive, on sell_price); ' +
        'page (1-based), limit (default 20, at most 100). `total` is exact unless a price-filtered count passes 10,000 (`total_capped`).',
      querystring: MarketplaceFindQuerySchema,
      response: { 200: MarketplaceFindResponseSchema, ...errors },
    },
    // The busiest call: its answers are written by a serializer compiled from the schema (docs/decisions/0011).
    serializerCompiler: compiledSerializerCompiler,
    handler: async (req) => ({ error: false as const, ...(await market.find(req.query)) }),
  });

  app.get('/item/:id', {
    // Signed in or not: a buyer reads their own reservation's order (Continue payment).
    preHandler: app.optionalAuth,
    schema: {
      tags,
      summary: 'One listing with its price history (recorded sales of the same item) and more from its collection',
      description:
        'A container-house unit (`kind` house_unit) also has `collection` (name, ERC1155, chain, and the contract address and explorer link, ' +
        'both null until the contract is deployed) and `type_price_history` (the sales of every apartment of its type). ' +
        'A reserved listing has `reservation`: until when a buyer’s pending order holds it (listed again then if unpaid), ' +
        'and that order’s code when the caller is the buyer (Authorization optional). ' +
        'An id that names no listing answers 404 NOT_FOUND.',
      params: CatalogueIdParamsSchema,
      response: { 200: MarketplaceItemResponseSchema, ...errors },
    },
    handler: async (req) => {
      const item = await withUnitDetails(deps.db, unitsChain, await market.item(req.params.id));
      const reservation =
        item.status === 'reserved' && deps.listingHold
          ? await deps.listingHold(Number(item._id), req.auth?.userId ?? null)
          : null;
      return { error: false as const, item: { ...item, reservation } };
    },
  });

  app.get('/recently_sold', {
    schema: { tags, summary: 'The latest sales, newest first (limit default 12, at most 100)', querystring: TopListQuerySchema, response: { 200: SoldListResponseSchema, ...errors } },
    handler: async (req) => ({ error: false as const, data: await market.recentlySold(req.query.limit) }),
  });

  app.get('/top_nft', {
    schema: { tags, summary: 'The most expensive NFT sales (ships and units), highest first', querystring: TopListQuerySchema, response: { 200: SoldListResponseSchema, ...errors } },
    handler: async (req) => ({ error: false as const, data: await market.topNft(req.query.limit) }),
  });

  app.get('/last_7_days', {
    schema: { tags, summary: 'The top sales of the last 7 days, highest price first', querystring: TopListQuerySchema, response: { 200: SoldListResponseSchema, ...errors } },
    handler: async (req) => ({ error: false as const, data: await market.lastSevenDays(req.query.limit) }),
  });

  app.get('/totalDeposit', {
    schema: {
      tags,
      summary:
        'Marketplace volume: `count` is the number of recorded sales, `total` their summed sale prices in USD (`total_micro` in micro-units)',
      response: { 200: TotalDepositResponseSchema, ...errors },
    },
    handler: async () => ({ error: false as const, ...(await market.totalDeposit()) }),
  });
};
