import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { blindBoxReservations, listingReservations, shipMintReservations } from '../../db/schema/index.ts';

/**
 * What pending orders hold of blind-box tiers and marketplace listings (docs/decisions/0018):
 * the reservation rows, which belong to orders. The tiers and listings themselves are moved
 * by their owners (shop, marketplace) from take-lines.ts. Each release or consume is guarded
 * by `released_at IS NULL AND consumed_at IS NULL`, so it happens at most once.
 */

export async function insertBoxReservations(
  tx: Tx,
  orderId: number,
  taken: { boxCode: string; quantity: number }[],
): Promise<void> {
  if (taken.length) await tx.insert(blindBoxReservations).values(taken.map((t) => ({ orderId, ...t })));
}

/**
 * Marks an order's unsettled box reservations released and returns them, for the shop to put
 * the boxes back in their tiers. As with shop stock, marking and reading is one statement: of
 * two transactions releasing the same order only the first gets rows back.
 */
export async function releaseBoxReservations(
  tx: Tx,
  orderId: number,
): Promise<{ boxCode: string; quantity: number }[]> {
  const released = await queryRows<{ box_code: string; quantity: number }>(
    tx,
    sql`UPDATE blind_box_reservations SET released_at = now()
        WHERE order_id = ${orderId} AND released_at IS NULL AND consumed_at IS NULL
        RETURNING box_code, quantity`,
  );
  return released
    .map((r) => ({ boxCode: r.box_code, quantity: Number(r.quantity) }))
    .sort((a, b) => (a.boxCode < b.boxCode ? -1 : a.boxCode > b.boxCode ? 1 : 0));
}

/**
 * A paid order's boxes are sold: their reservations can no longer be released. The tiers stay
 * held; opening each box (fulfilment) keeps the drawn tier and gives the other three back.
 */
export async function consumeBoxReservations(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE blind_box_reservations SET consumed_at = now()
        WHERE order_id = ${orderId} AND released_at IS NULL AND consumed_at IS NULL`,
  );
}

export async function insertListingReservation(tx: Tx, orderId: number, listingId: number): Promise<void> {
  await tx.insert(listingReservations).values({ orderId, listingId });
}

/** Marks an order's unsettled listing reservations released; returns the listings, for the marketplace to relist. */
export async function releaseListingReservations(tx: Tx, orderId: number): Promise<number[]> {
  const released = await queryRows<{ listing_id: string }>(
    tx,
    sql`UPDATE listing_reservations SET released_at = now()
        WHERE order_id = ${orderId} AND released_at IS NULL AND consumed_at IS NULL
        RETURNING listing_id::text AS listing_id`,
  );
  return released.map((r) => Number(r.listing_id)).sort((a, b) => a - b);
}

/** A listing an order bought, with the sale to record: the price the order charged for its line, to the buyer. */
export type ConsumedListing = { listingId: number; sale: { priceMicro: string; buyerId: string } | null };

/**
 * A paid order's listing reservations are consumed; returns each listing (in id order) with
 * its sale, for the marketplace to mark sold.
 */
export async function consumeListingReservations(tx: Tx, orderId: number): Promise<ConsumedListing[]> {
  const consumed = await queryRows<{ listing_id: string }>(
    tx,
    sql`UPDATE listing_reservations SET consumed_at = now()
        WHERE order_id = ${orderId} AND released_at IS NULL AND consumed_at IS NULL
        RETURNING listing_id::text AS listing_id`,
  );
  const result: ConsumedListing[] = [];
  for (const listingId of consumed.map((r) => Number(r.listing_id)).sort((a, b) => a - b)) {
    const [line] = await queryRows<{ price_micro: string; buyer_id: string }>(
      tx,
      sql`SELECT l.unit_sell_price_micro::text AS price_micro, o.user_id AS buyer_id
          FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE l.order_id = ${orderId} AND l.listing_id = ${listingId}`,
    );
    result.push({ listingId, sale: line ? { priceMicro: line.price_micro, buyerId: line.buyer_id } : null });
  }
  return result;
}

/** The boxes the order still holds one of every tier for (reservations not released), by box. */
export async function heldBoxesOf(tx: Tx, orderId: number): Promise<Map<string, number>> {
  const rows = await queryRows<{ box_code: string; quantity: number }>(
    tx,
    sql`SELECT box_code, sum(quantity)::int AS quantity FROM blind_box_reservations
        WHERE order_id = ${orderId} AND released_at IS NULL GROUP BY box_code`,
  );
  return new Map(rows.map((r) => [r.box_code, Number(r.quantity)]));
}

/** Whether the order's reservation of the listing was consumed when it was paid (the listing was sold to it). */
export async function listingSoldToOrder(tx: Tx, orderId: number, listingId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    tx,
    sql`SELECT 1 AS one FROM listing_reservations
        WHERE order_id = ${orderId} AND listing_id = ${listingId} AND consumed_at IS NOT NULL`,
  );
  return rows.length > 0;
}

/** The pending order holding a listing now, if any: its code, buyer and expiry. */
export async function listingHolder(
  db: DbOrTx,
  listingId: number,
): Promise<{ code: string; userId: string; expiresAt: Date } | undefined> {
  const [row] = await queryRows<{ code: string; user_id: string; expires_at: string | Date }>(
    db,
    sql`SELECT o.code, o.user_id, o.expires_at FROM listing_reservations r JOIN orders o ON o.id = r.order_id
        WHERE r.listing_id = ${listingId} AND r.released_at IS NULL AND r.consumed_at IS NULL AND o.status = 'pending'`,
  );
  return row && { code: row.code, userId: row.user_id, expiresAt: new Date(row.expires_at) };
}

/** A ship copy held for its mint by a pending mint-fee order (one live per copy: the table's key). */
export async function insertShipMintReservation(tx: Tx, orderId: number, ownedShipId: number): Promise<void> {
  await tx.insert(shipMintReservations).values({ orderId, ownedShipId });
}

/** Marks an order's unsettled ship-mint reservations released; returns the copies, for assets to free. */
export async function releaseShipMintReservations(tx: Tx, orderId: number): Promise<number[]> {
  const released = await queryRows<{ owned_ship_id: string }>(
    tx,
    sql`UPDATE ship_mint_reservations SET released_at = now()
        WHERE order_id = ${orderId} AND released_at IS NULL AND consumed_at IS NULL
        RETURNING owned_ship_id::text AS owned_ship_id`,
  );
  return released.map((r) => Number(r.owned_ship_id)).sort((a, b) => a - b);
}

/** A paid mint fee: its copy's reservation is consumed (the mint holds the copy from here). */
export async function consumeShipMintReservations(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE ship_mint_reservations SET consumed_at = now()
        WHERE order_id = ${orderId} AND released_at IS NULL AND consumed_at IS NULL`,
  );
}

/** The copies an order still holds for their mint (reservations neither released nor consumed). */
export async function heldShipMintsOf(tx: Tx, orderId: number): Promise<number[]> {
  const rows = await queryRows<{ owned_ship_id: string }>(
    tx,
    sql`SELECT owned_ship_id::text AS owned_ship_id FROM ship_mint_reservations
        WHERE order_id = ${orderId} AND released_at IS NULL AND consumed_at IS NULL`,
  );
  return rows.map((r) => Number(r.owned_ship_id));
}
