import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { endListing } from './player-listings.ts';

/**
 * A listing's way through a sale, in the buyer's order transaction: listed → reserved (held
 * for a pending order) → sold (with a marketplace_sales row), or back to listed. Listings
 * are locked after shop rows and box tiers (docs/decisions/0018).
 */

/**
 * Holds a listed item for an order: listed → reserved, or nothing. One conditional UPDATE, so
 * of many buyers only the first passes; the others re-check `status = 'listed'` after it
 * commits and match nothing. A listing past its expiry is not for sale, even before the
 * expiry job ends it. The listing-count triggers count it out of the list totals.
 * Returns the prices of the row as it was taken, or null when it is not listed any more.
 */
export async function reserveListing(
  tx: Tx,
  listingId: number,
): Promise<{ sell_price_micro: string; price_micro: string } | null> {
  const [row] = await queryRows<{ sell_price_micro: string; price_micro: string }>(
    tx,
    sql`UPDATE marketplace_listings SET status = 'reserved'
        WHERE id = ${listingId} AND status = 'listed' AND (expires_at IS NULL OR expires_at > now())
        RETURNING sell_price_micro::text AS sell_price_micro, price_micro::text AS price_micro`,
  );
  return row ?? null;
}

/**
 * Puts reserved listings back on the marketplace (ids in order); one no longer reserved stays
 * as it is. A player's listing whose expiry passed while a checkout held it ends now instead
 * (its item goes back to the seller), since its expiry job found it held and left it.
 */
export async function relistListings(tx: Tx, listingIds: number[]): Promise<void> {
  for (const id of [...listingIds].sort((a, b) => a - b)) {
    await tx.execute(sql`UPDATE marketplace_listings SET status = 'listed' WHERE id = ${id} AND status = 'reserved'`);
    await endListing(tx, id, { status: 'expired' });
  }
}

/**
 * Sells a reserved listing: status 'sold' with its sale time, and a marketplace_sales row at
 * the price the buyer paid (when `sale` is given). False, and nothing written, when the
 * listing is not reserved any more.
 */
export async function sellListing(
  tx: Tx,
  listingId: number,
  sale: { priceMicro: string | bigint; buyerId: string } | null,
): Promise<boolean> {
  const sold = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE marketplace_listings SET status = 'sold', sold_at = now()
        WHERE id = ${listingId} AND status = 'reserved' RETURNING id::text AS id`,
  );
  if (sold.length === 0) return false;
  if (sale)
    await tx.execute(
      sql`INSERT INTO marketplace_sales (listing_id, price_micro, buyer_id, sold_at)
          VALUES (${listingId}, ${String(sale.priceMicro)}, ${sale.buyerId}, now())`,
    );
  return true;
}
