import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

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
};

/** The unit types with how many apartments they hold and how many pieces are minted. */
export function houseTypes(db: DbOrTx): Promise<HouseTypeRow[]> {
  return queryRows<HouseTypeRow>(
    db,
    sql`SELECT t.type, t.apart_from, t.apart_to, t.area_m2, t.floors, t.rooms, t.housing, t.total_pieces,
               t.price_micro::text AS price_micro, t.apr_bps,
               count(u.apartment)::int AS units, coalesce(sum(u.minted_pieces), 0)::int AS minted
        FROM house_unit_types t LEFT JOIN house_units u ON u.type = t.type
        GROUP BY t.type ORDER BY t.type`,
  );
}
