import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

/**
 * A minted asset's token moved on chain to another player's linked wallet (the nft area's
 * indexer saw it): the asset follows its token, in the indexer's transaction. Only a minted
 * asset moves (a ship in state 'minted', a collection in mint state 2); moving it again to the
 * player who has it changes nothing. Returns whether it moved.
 */

export async function moveMintedShip(tx: Tx, ownedShipId: number, toUserId: string): Promise<boolean> {
  const moved = await queryRows(
    tx,
    sql`UPDATE owned_ships SET user_id = ${toUserId}
        WHERE id = ${ownedShipId} AND state = 'minted' AND disposed_at IS NULL AND user_id <> ${toUserId}
        RETURNING id`,
  );
  return moved.length === 1;
}

/** The collection and every plot in it (a minted collection is frozen: nothing moves in or out). */
export async function moveMintedCollection(tx: Tx, collectionId: number, toUserId: string): Promise<boolean> {
  const moved = await queryRows(
    tx,
    sql`UPDATE land_collections SET user_id = ${toUserId}
        WHERE id = ${collectionId} AND mint_state = 2 AND user_id <> ${toUserId}
        RETURNING id`,
  );
  if (moved.length === 0) return false;
  await tx.execute(sql`UPDATE land_plots SET user_id = ${toUserId} WHERE collection_id = ${collectionId}`);
  return true;
}
