import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { UNIT_SEGMENT } from './segments.ts';

export type HouseTypeRow = {
  type: number;
  apart_from: number;
  apart_to: number;
  area_m2: number;
  floors: number;
  rooms: number;
  housing: number;
  total_pieces: number;
  price_micro: string;
  apr_bps: number;
  units: number;
  minted: number;
  listed: number;
  cheapest_listing_id: string | null;
};

/**
 * The unit types with how many apartments they hold, how many pieces are minted, and which
 * of their listings is cheapest (so the landing view can link each type to a real listing).
 * Listed units are read through the segment's price index (segment 13, status 'listed').
 */
export function houseTypes(db: DbOrTx): Promise<HouseTypeRow[]> {
  return queryRows<HouseTypeRow>(
    db,
    sql`WITH apartments AS (
          SELECT type, count(*)::int AS units, coalesce(sum(minted_pieces), 0)::int AS minted FROM house_units GROUP BY type
        ), listed AS (
          SELECT u.type, count(*)::int AS listed,
                 (array_agg(l.id::text ORDER BY l.sell_price_micro, l.id))[1] AS cheapest_listing_id
          FROM marketplace_listings l JOIN house_units u ON u.apartment = l.house_unit_id
          WHERE l.segment = ${UNIT_SEGMENT} AND l.status = 'listed'
          GROUP BY u.type
        )
        SELECT t.type, t.apart_from, t.apart_to, t.area_m2, t.floors, t.rooms, t.housing, t.total_pieces,
               t.price_micro::text AS price_micro, t.apr_bps,
               coalesce(a.units, 0) AS units, coalesce(a.minted, 0) AS minted,
               coalesce(li.listed, 0) AS listed, li.cheapest_listing_id
        FROM house_unit_types t
        LEFT JOIN apartments a ON a.type = t.type
        LEFT JOIN listed li ON li.type = t.type
        ORDER BY t.type`,
  );
}
