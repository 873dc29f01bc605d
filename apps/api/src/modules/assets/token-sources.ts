import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import type { ShipState } from '../../db/schema/index.ts';
import { SHIP_COLUMNS, type ShipColumns } from '../catalogue/index.ts';

/**
 * What the token metadata (GET /api/nft/...) reads of holdings. A token id is the holding's own
 * id, so these look a copy or a collection up by id alone, whoever owns it: metadata is public.
 */

/** One ship copy with its ship's figures; a disposed copy (sold on) is still found, it still exists as a token. */
export async function shipCopyWithShip(db: DbOrTx, ownedShipId: number): Promise<(ShipColumns & { state: ShipState }) | undefined> {
  const [row] = await queryRows<ShipColumns & { state: ShipState }>(
    db,
    sql`SELECT o.state, ${SHIP_COLUMNS} FROM owned_ships o JOIN ships s ON s.id = o.ship_id WHERE o.id = ${ownedShipId}`,
  );
  return row;
}

export type CollectionPlots = { id: number; name: string; mintState: number; cells: { cellId: number; country: string | null; valuation: number }[] };

/** A land collection and every plot in it (by cell), or undefined when there is no such collection. */
export async function collectionWithPlots(db: DbOrTx, collectionId: number): Promise<CollectionPlots | undefined> {
  const [collection] = await queryRows<{ id: string | number; name: string; mint_state: number }>(
    db,
    sql`SELECT id, name, mint_state FROM land_collections WHERE id = ${collectionId}`,
  );
  if (!collection) return undefined;
  const plots = await queryRows<{ cell_id: string | number; country: string | null; valuation: number }>(
    db,
    sql`SELECT cell_id, country, valuation FROM land_plots WHERE collection_id = ${collectionId} ORDER BY cell_id`,
  );
  return {
    id: Number(collection.id),
    name: collection.name,
    mintState: Number(collection.mint_state),
    cells: plots.map((p) => ({ cellId: Number(p.cell_id), country: p.country, valuation: Number(p.valuation) })),
  };
}
