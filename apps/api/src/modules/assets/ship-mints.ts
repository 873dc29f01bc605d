import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import type { ShipState } from '../../db/schema/index.ts';

/**
 * A ship copy on its way to becoming a ShipNFT (owned-assets.md §4.2, decision 0052). The copy is
 * in state 'minting' from the moment its mint fee is asked for until the token is on chain; its
 * stage says where the player is: 'lock' until the fee's transfer is reported, 'verify_payment'
 * while it is checked and the token minted. Every move is one conditional UPDATE from the state
 * it expects, so a late or repeated call changes nothing.
 */

export type ShipMintStage = 'lock' | 'verify_payment';

export type ShipMintHold =
  | { ok: true; shipId: number; name: string }
  | { ok: false; current: ShipState | 'disposed' | null };

/** Holds one of the player's available copies for its mint (stage 'lock'); where it is otherwise. */
export async function holdShipForMint(tx: Tx, userId: string, ownedShipId: number): Promise<ShipMintHold> {
  const [held] = await queryRows<{ ship_id: number; name: string }>(
    tx,
    sql`UPDATE owned_ships o SET state = 'minting', mint_stage = 'lock'
        FROM ships s
        WHERE o.id = ${ownedShipId} AND o.user_id = ${userId} AND o.state = 'available' AND o.disposed_at IS NULL AND s.id = o.ship_id
        RETURNING o.ship_id, s.name`,
  );
  if (held) return { ok: true, shipId: Number(held.ship_id), name: held.name };
  const [row] = await queryRows<{ state: ShipState; disposed: boolean }>(
    tx,
    sql`SELECT state, disposed_at IS NOT NULL AS disposed FROM owned_ships WHERE id = ${ownedShipId} AND user_id = ${userId}`,
  );
  return { ok: false, current: row ? (row.disposed ? 'disposed' : row.state) : null };
}

/** The fee's transfer was reported (or the fee is paid): lock → verify_payment. */
export async function shipMintPaymentSent(tx: Tx, ownedShipId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE owned_ships SET mint_stage = 'verify_payment' WHERE id = ${ownedShipId} AND state = 'minting' AND mint_stage = 'lock'`,
  );
}

/**
 * The fee was never paid (the order lapsed, was cancelled or refused): the copy is free again.
 * A copy whose fee was paid is past this point (its mint decides), so only stage 'lock' or a
 * reported-but-refused transfer ('verify_payment' with no mint) comes back; the caller, holding
 * the order's reservation, is the only one that can say the fee is unpaid.
 */
export async function releaseShipMint(tx: Tx, ownedShipId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE owned_ships SET state = 'available', mint_stage = NULL WHERE id = ${ownedShipId} AND state = 'minting' RETURNING id`,
  );
  return rows.length === 1;
}

/** The token is on chain, minted by `txHash`: the copy is an NFT now (it cannot be listed off chain: B8). */
export async function finishShipMint(tx: Tx, ownedShipId: number, txHash: string): Promise<void> {
  await tx.execute(
    sql`UPDATE owned_ships SET state = 'minted', mint_stage = NULL, mint_tx = ${txHash} WHERE id = ${ownedShipId} AND state = 'minting'`,
  );
}

/** The mint failed for good (decision 0049): the copy is free again, as it was before its request. */
export async function abandonShipMint(tx: Tx, ownedShipId: number): Promise<void> {
  await tx.execute(sql`UPDATE owned_ships SET state = 'available', mint_stage = NULL WHERE id = ${ownedShipId} AND state = 'minting'`);
}
