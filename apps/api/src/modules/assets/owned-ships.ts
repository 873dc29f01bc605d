import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import type { ShipState } from '../../db/schema/index.ts';

/**
 * Ships in players' hangars (owned_ships): one row per copy. A copy is 'available' or held
 * by one use at a time (listed, penguin, staked, minting, minted); it leaves its owner with
 * `disposed_at`. Copies granted from an order line are unique per (line, copy), so granting
 * the line again writes nothing and reports the same rows.
 */

export type ShipSource = 'shop' | 'blindbox' | 'marketplace' | 'grant';
export type OwnedShip = { id: number; shipId: number; copyIndex: number };
export type HeldShip = OwnedShip & { source: ShipSource; state: ShipState; orderLineId: number | null; acquiredAt: Date };

export type ShipGrant = {
  userId: string;
  source: ShipSource;
  /** the order line the copies come from; null for a grant outside an order (no idempotency) */
  orderLineId: number | null;
  copies: { shipId: number; copyIndex: number }[];
  /** what the player paid for each copy (the line's unit price), USD micro-units; null: granted */
  paidMicro?: bigint | null;
};

type Row = { id: string | number; ship_id: number; copy_index: number };
const owned = (r: Row): OwnedShip => ({ id: Number(r.id), shipId: Number(r.ship_id), copyIndex: Number(r.copy_index) });
const list = (values: number[]): SQL => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * Grants the copies (one row each) and returns them in copy order. With an order line, the
 * copies already granted for it are kept as they are and reported with the new ones.
 */
export async function grantShips(tx: Tx, g: ShipGrant): Promise<OwnedShip[]> {
  if (g.copies.length === 0) return [];
  const values = sql.join(
    g.copies.map(
      (c) =>
        sql`(${g.userId}::uuid, ${c.shipId}::int, ${g.source}, ${g.orderLineId}::bigint, ${c.copyIndex}::int, ${g.paidMicro?.toString() ?? null}::bigint)`,
    ),
    sql`, `,
  );
  const inserted = await queryRows<Row>(
    tx,
    sql`INSERT INTO owned_ships (user_id, ship_id, source, order_line_id, copy_index, paid_micro) VALUES ${values}
        ON CONFLICT (order_line_id, copy_index) DO NOTHING RETURNING id, ship_id, copy_index`,
  );
  if (g.orderLineId === null) return inserted.map(owned).sort((a, b) => a.copyIndex - b.copyIndex);
  const rows = await queryRows<Row>(
    tx,
    sql`SELECT id, ship_id, copy_index FROM owned_ships
        WHERE order_line_id = ${g.orderLineId} AND copy_index IN (${list(g.copies.map((c) => c.copyIndex))})
        ORDER BY copy_index`,
  );
  return rows.map(owned);
}

/** The copies granted from these order lines (live or not), by line then copy. */
export async function shipsOfOrderLines(db: DbOrTx, orderLineIds: number[]): Promise<(OwnedShip & { orderLineId: number })[]> {
  if (orderLineIds.length === 0) return [];
  const rows = await queryRows<Row & { order_line_id: string | number }>(
    db,
    sql`SELECT id, ship_id, copy_index, order_line_id FROM owned_ships
        WHERE order_line_id IN (${list(orderLineIds)}) ORDER BY order_line_id, copy_index`,
  );
  return rows.map((r) => ({ ...owned(r), orderLineId: Number(r.order_line_id) }));
}

/** The player's live ships (not disposed), newest first. */
export async function shipsOf(db: DbOrTx, userId: string): Promise<HeldShip[]> {
  const rows = await queryRows<Row & { source: ShipSource; state: ShipState; order_line_id: string | number | null; acquired_at: Date | string }>(
    db,
    sql`SELECT id, ship_id, copy_index, source, state, order_line_id, acquired_at FROM owned_ships
        WHERE user_id = ${userId} AND disposed_at IS NULL ORDER BY acquired_at DESC, id DESC`,
  );
  return rows.map((r) => ({
    ...owned(r),
    source: r.source,
    state: r.state,
    orderLineId: r.order_line_id === null ? null : Number(r.order_line_id),
    acquiredAt: new Date(r.acquired_at),
  }));
}

export type ShipMove = { ok: true; shipId: number } | { ok: false; current: ShipState | 'disposed' | null };

/**
 * Moves one live copy of the player's from state `from` to `to` in one conditional UPDATE,
 * so of two uses racing for the same copy only one gets it. When the copy is not there in
 * `from` (another owner's, disposed, or in another state), nothing changes and `current`
 * says where it is (null: no such copy of this player).
 */
async function moveShip(tx: Tx, m: { userId: string; ownedShipId: number; from: ShipState; to: ShipState }): Promise<ShipMove> {
  const [moved] = await queryRows<{ ship_id: number }>(
    tx,
    sql`UPDATE owned_ships SET state = ${m.to}
        WHERE id = ${m.ownedShipId} AND user_id = ${m.userId} AND state = ${m.from} AND disposed_at IS NULL
        RETURNING ship_id`,
  );
  if (moved) return { ok: true, shipId: Number(moved.ship_id) };
  const [row] = await queryRows<{ state: ShipState; disposed: boolean }>(
    tx,
    sql`SELECT state, disposed_at IS NOT NULL AS disposed FROM owned_ships WHERE id = ${m.ownedShipId} AND user_id = ${m.userId}`,
  );
  return { ok: false, current: row ? (row.disposed ? 'disposed' : row.state) : null };
}

/** Holds an available copy for one use ('listed', 'penguin', 'staked', 'minting'), or moves it on ('minting' → 'minted'). */
export function lockShip(
  tx: Tx,
  m: { userId: string; ownedShipId: number; from?: ShipState; to: Exclude<ShipState, 'available'> },
): Promise<ShipMove> {
  return moveShip(tx, { ...m, from: m.from ?? 'available' });
}

/** Gives a held copy back to its owner: `from` (the use that held it) → 'available'. */
export function releaseShip(
  tx: Tx,
  m: { userId: string; ownedShipId: number; from: Exclude<ShipState, 'available'> },
): Promise<ShipMove> {
  return moveShip(tx, { ...m, to: 'available' });
}

export type ShipTransfer = {
  /** the player's copy that was on sale, with its owner; null for a listing of the house (no copy) */
  sellerCopy: { sellerId: string; ownedShipId: number } | null;
  buyerId: string;
  shipId: number;
  orderLineId: number;
  /** what the buyer paid, USD micro-units */
  paidMicro: bigint | null;
};

/** A sold copy that was not where its listing said: the sale cannot be delivered as it stands. */
export class ListedCopyMissing extends Error {
  override name = 'ListedCopyMissing';
}

/**
 * A ship sold on the marketplace: the buyer gets a copy (source 'marketplace', copy 0 of the
 * line) and, for a player's listing, exactly the listed copy leaves the seller (disposed from
 * state 'listed'). A listed copy that is not there any more throws ListedCopyMissing, so the
 * caller's transaction grants nothing. Only the run that grants the buyer's copy disposes one,
 * so transferring the line again changes nothing.
 */
export async function transferShip(tx: Tx, t: ShipTransfer): Promise<{ ownedShipId: number; disposedShipId: number | null }> {
  const [inserted] = await queryRows<{ id: string | number }>(
    tx,
    sql`INSERT INTO owned_ships (user_id, ship_id, source, order_line_id, copy_index, paid_micro)
        VALUES (${t.buyerId}, ${t.shipId}, 'marketplace', ${t.orderLineId}, 0, ${t.paidMicro?.toString() ?? null}::bigint)
        ON CONFLICT (order_line_id, copy_index) DO NOTHING RETURNING id`,
  );
  let disposedShipId: number | null = null;
  if (inserted && t.sellerCopy) {
    const [disposed] = await queryRows<{ id: string | number }>(
      tx,
      sql`UPDATE owned_ships SET disposed_at = now()
          WHERE id = ${t.sellerCopy.ownedShipId} AND user_id = ${t.sellerCopy.sellerId} AND ship_id = ${t.shipId}
            AND state = 'listed' AND disposed_at IS NULL
          RETURNING id`,
    );
    if (!disposed)
      throw new ListedCopyMissing(`The listed copy ${t.sellerCopy.ownedShipId} is no longer the seller's listed ship.`);
    disposedShipId = Number(disposed.id);
  }
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`SELECT id FROM owned_ships WHERE order_line_id = ${t.orderLineId} AND copy_index = 0`,
  );
  return { ownedShipId: Number(row!.id), disposedShipId };
}
