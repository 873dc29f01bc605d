import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

export type HouseUnitType = {
  type: number;
  apartFrom: number;
  apartTo: number;
  areaM2: number;
  floors: number;
  rooms: number;
  housing: number;
  totalPieces: number;
  aprBps: number;
};

/** One container-house unit type (1..5) as the catalogue defines it, or undefined when it is not defined. */
export async function houseUnitType(db: DbOrTx, type: number): Promise<HouseUnitType | undefined> {
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`SELECT type, apart_from, apart_to, area_m2, floors, rooms, housing, total_pieces, apr_bps
        FROM house_unit_types WHERE type = ${type}`,
  );
  return (
    row && {
      type: Number(row.type),
      apartFrom: Number(row.apart_from),
      apartTo: Number(row.apart_to),
      areaM2: Number(row.area_m2),
      floors: Number(row.floors),
      rooms: Number(row.rooms),
      housing: Number(row.housing),
      totalPieces: Number(row.total_pieces),
      aprBps: Number(row.apr_bps),
    }
  );
}
