import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { blindBoxReservations, listingReservations } from '../../db/schema/index.ts';
import { BOX_TIERS } from '../../lib/pricing/resolve-lines.ts';

/**
 * Blind-box tiers and marketplace listings held by pending orders (docs/decisions/0018).
 * Lock order, the same everywhere so that two transactions queue instead of deadlocking:
 * shop rows (orders.repo.ts), then blind-box tiers by (box code, rarity), then listings.
 */

/**
 * Locks a box's tier rows in rarity order and reads their supplies. Every change of a box's
 * tiers goes through this first: the rows are then ours until commit, so the UPDATE that
 * follows (a new statement, a new snapshot) sees the supplies just read.
 */
async function lockTiers(tx: Tx, boxCode: string): Promise<number[]> {
  const rows = await queryRows<{ supply: number }>(
    tx,
    sql`SELECT supply FROM blind_box_tiers WHERE box_code = ${boxCode} ORDER BY rarity FOR UPDATE`,
  );
  return rows.map((r) => Number(r.supply));
}

/**
 * Takes `quantity` boxes: one of every tier per box, so whatever a box draws when it opens is
 * there. All four tiers or nothing. Returns null when taken, else how many boxes are left
 * (the smallest tier; 0 for a box whose tiers are not all seeded) for the 409.
 */
export async function takeBoxTiers(tx: Tx, boxCode: string, quantity: number): Promise<number | null> {
  const supplies = await lockTiers(tx, boxCode);
  const left = supplies.length === BOX_TIERS ? Math.min(...supplies) : 0;
  if (left < quantity) return left;
  const taken = await queryRows<{ rarity: number }>(
    tx,
    sql`UPDATE blind_box_tiers SET supply = supply - ${quantity}
        WHERE box_code = ${boxCode} AND supply >= ${quantity} RETURNING rarity`,
  );
  // The rows are locked by us: anything else is a bug, and throwing rolls the order back.
  if (taken.length !== BOX_TIERS) throw new Error(`blind box ${boxCode}: took ${taken.length} of ${BOX_TIERS} tiers`);
  return null;
}

export async function insertBoxReservations(
  tx: Tx,
  orderId: number,
  taken: { boxCode: string; quantity: number }[],
): Promise<void> {
  if (taken.length) await tx.insert(blindBoxReservations).values(taken.map((t) => ({ orderId, ...t })));
}

/**
 * Gives an order's unsettled boxes back to all four tiers. As with shop stock, marking the
 * reservation released and reading its quantity is one statement: of two transactions
 * releasing the same order only the first gets rows back.
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
  const sorted = released
    .map((r) => ({ boxCode: r.box_code, quantity: Number(r.quantity) }))
    .sort((a, b) => (a.boxCode < b.boxCode ? -1 : a.boxCode > b.boxCode ? 1 : 0));
  for (const r of sorted) {
    await lockTiers(tx, r.boxCode);
    await tx.execute(sql`UPDATE blind_box_tiers SET supply = supply + ${r.quantity} WHERE box_code = ${r.boxCode}`);
  }
  return sorted;
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

/**
 * Holds a listed item for an order: listed → reserved, or nothing. One conditional UPDATE, so
 * of many buyers only the first passes; the others re-check `status = 'listed'` after it
 * commits and match nothing. The listing-count triggers count it out of the list totals.
 * Returns the prices of the row as it was taken, or null when it is not listed any more.
 */
export async function reserveListing(
  tx: Tx,
  listingId: number,
): Promise<{ sell_price_micro: string; price_micro: string } | null> {
  const [row] = await queryRows<{ sell_price_micro: string; price_micro: string }>(
    tx,
    sql`UPDATE marketplace_listings SET status = 'reserved'
        WHERE id = ${listingId} AND status = 'listed'
        RETURNING sell_price_micro::text AS sell_price_micro, price_micro::text AS price_micro`,
  );
  return row ?? null;
}

export async function insertListingReservation(tx: Tx, orderId: number, listingId: number): Promise<void> {
  await tx.insert(listingReservations).values({ orderId, listingId });
}

/** Puts an order's unsettled listings back on the marketplace, once (the same guard as shop stock). */
export async function releaseListingReservations(tx: Tx, orderId: number): Promise<number[]> {
  const released = await queryRows<{ listing_id: string }>(
    tx,
    sql`UPDATE listing_reservations SET released_at = now()
        WHERE order_id = ${orderId} AND released_at IS NULL AND consumed_at IS NULL
        RETURNING listing_id::text AS listing_id`,
  );
  const ids = released.map((r) => Number(r.listing_id)).sort((a, b) => a - b);
  for (const id of ids)
    await tx.execute(sql`UPDATE marketplace_listings SET status = 'listed' WHERE id = ${id} AND status = 'reserved'`);
  return ids;
}

/**
 * A paid order's listings are sold: reservation consumed, listing 'sold' with its sale time,
 * and a marketplace_sales row at the price the order charged for the line, to the buyer.
 * Returns the listings that were not reserved any more (an operator must look at those).
 */
export async function consumeListingReservations(tx: Tx, orderId: number): Promise<number[]> {
  const consumed = await queryRows<{ listing_id: string }>(
    tx,
    sql`UPDATE listing_reservations SET consumed_at = now()
        WHERE order_id = ${orderId} AND released_at IS NULL AND consumed_at IS NULL
        RETURNING listing_id::text AS listing_id`,
  );
  const lost: number[] = [];
  for (const id of consumed.map((r) => Number(r.listing_id)).sort((a, b) => a - b)) {
    const sold = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE marketplace_listings SET status = 'sold', sold_at = now()
          WHERE id = ${id} AND status = 'reserved' RETURNING id::text AS id`,
    );
    if (sold.length === 0) {
      lost.push(id);
      continue;
    }
    await tx.execute(
      sql`INSERT INTO marketplace_sales (listing_id, price_micro, buyer_id, sold_at)
          SELECT l.listing_id, l.unit_sell_price_micro, o.user_id, now()
          FROM order_lines l JOIN orders o ON o.id = l.order_id
          WHERE l.order_id = ${orderId} AND l.listing_id = ${id}`,
    );
  }
  return lost;
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
