import { apartLabel, ErrorResponseSchema, HouseTypesResponseSchema, unitImagePath } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { microToUsd, toMicro } from '../../lib/money.ts';
import { houseTypes } from './catalogue.repo.ts';

/** Catalogue facts that are not listings, under /api/catalogue. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/house_types', {
    schema: {
      tags: ['catalogue'],
      summary: 'Container-house unit types (the landing view): apartment range, area, floors, rooms, housing, price of a piece in USDC, APR, minted / total pieces',
      description:
        '`listed` counts the marketplace listings of each type that are for sale now and `cheapest_listing_id` names the one with the lowest ' +
        'sell price (null when none is), so a client can link a type to a unit it can buy at /market/{id}.',
      response: { 200: HouseTypesResponseSchema, '4xx': ErrorResponseSchema },
    },
    handler: async () => ({
      error: false as const,
      data: (await houseTypes(db)).map((t) => {
        const price = toMicro(t.price_micro);
        return {
          type: t.type,
          name: `Type ${t.type}`,
          apart_from: t.apart_from,
          apart_to: t.apart_to,
          apart_label: apartLabel(t.apart_from, t.apart_to),
          area_m2: t.area_m2,
          floors: t.floors,
          rooms: t.rooms,
          housing: t.housing,
          units: t.units,
          pieces_per_unit: t.total_pieces,
          minted: t.minted,
          total: t.units * t.total_pieces,
          price: microToUsd(price),
          price_micro: price,
          apr_bps: t.apr_bps,
          image: unitImagePath(t.type as 1 | 2 | 3 | 4 | 5),
          listed: t.listed,
          cheapest_listing_id: t.cheapest_listing_id,
        };
      }),
    }),
  });
};
