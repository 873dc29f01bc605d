import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** A listing as its sale is delivered: what it sells, and who sells it (null: the house). */
export type ListingForSale = {
  id: number;
  kind: 'ship' | 'dnc' | 'house_unit';
  status: string;
  shipId: number | null;
  houseUnitId: number | null;
  sellerId: string | null;
  /** a player's ship listing: the copy on sale */
  ownedShipId: number | null;
  /** the DNC pack's amount, for a DNC listing */
  dncAmount: number | null;
};

export async function listingForSale(db: DbOrTx, listingId: number): Promise<ListingForSale | null> {
  const [row] = await queryRows<{
    id: string | number;
    kind: ListingForSale['kind'];
    status: string;
    ship_id: number | null;
    house_unit_id: number | null;
    seller_id: string | null;
    owned_ship_id: string | null;
    dnc_amount: string | number | null;
  }>(
    db,
    sql`SELECT l.id, l.kind, l.status, l.ship_id, l.house_unit_id, l.seller_id, l.owned_ship_id::text AS owned_ship_id, d.amount AS dnc_amount
        FROM marketplace_listings l LEFT JOIN dnc_packs d ON d.id = l.dnc_pack_id
        WHERE l.id = ${listingId}`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    kind: row.kind,
    status: row.status,
    shipId: row.ship_id === null ? null : Number(row.ship_id),
    houseUnitId: row.house_unit_id === null ? null : Number(row.house_unit_id),
    sellerId: row.seller_id,
    ownedShipId: row.owned_ship_id === null ? null : Number(row.owned_ship_id),
    dncAmount: row.dnc_amount === null ? null : Number(row.dnc_amount),
  };
}
