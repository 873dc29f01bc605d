import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.ts';
import type { OrderLineRow } from '../orders.repo.ts';
import { FulfilmentBlocked, type GrantedOrder, type ListingGrant } from './grants.ts';

type ListingRow = {
  id: string | number;
  kind: 'ship' | 'dnc' | 'house_unit';
  status: string;
  ship_id: number | null;
  house_unit_id: number | null;
  seller_id: string | null;
  dnc_amount: number | null;
  held: boolean;
};

/**
 * A marketplace listing bought from its detail page: its item goes to the buyer.
 * - ship: an owned_ships row (source 'marketplace', copy 0), and the seller's live row for
 *   that ship, if they have one, is marked disposed (the oldest, when they own several copies);
 * - DNC pack: a dnc_ledger credit of the pack's amount, reason 'order <code>';
 * - container-house unit: one piece of that apartment in owned_house_pieces (a unit listing
 *   sells one piece at the type's piece price; see the marketplace's unit listings).
 * The listing must have been sold to this order (its reservation consumed by markPaid, status
 * 'sold'); anything else is blocked rather than granted. Each grant is unique per order line,
 * so granting again writes nothing (and disposes nothing).
 */
export async function grantListing(tx: Tx, order: GrantedOrder, line: OrderLineRow): Promise<ListingGrant> {
  const [listing] = await queryRows<ListingRow>(
    tx,
    sql`SELECT l.id, l.kind, l.status, l.ship_id, l.house_unit_id, l.seller_id, d.amount AS dnc_amount,
               EXISTS (SELECT 1 FROM listing_reservations r
                       WHERE r.order_id = ${order.id} AND r.listing_id = l.id AND r.consumed_at IS NOT NULL) AS held
        FROM marketplace_listings l LEFT JOIN dnc_packs d ON d.id = l.dnc_pack_id
        WHERE l.id = ${line.listingId}`,
  );
  if (!listing || listing.status !== 'sold' || !listing.held) {
    throw new FulfilmentBlocked(
      `Listing ${line.listingId} was not sold to order ${order.code} (${listing ? `status ${listing.status}` : 'no such listing'}).`,
    );
  }
  const base = { order_line_id: line.id, object: 'listing' as const, listing_id: Number(listing.id) };

  if (listing.kind === 'ship') {
    const [inserted] = await queryRows<{ id: string | number }>(
      tx,
      sql`INSERT INTO owned_ships (user_id, ship_id, source, order_line_id, copy_index)
          VALUES (${order.userId}, ${listing.ship_id}, 'marketplace', ${line.id}, 0)
          ON CONFLICT (order_line_id, copy_index) DO NOTHING RETURNING id`,
    );
    if (inserted && listing.seller_id) {
      await tx.execute(
        sql`UPDATE owned_ships SET disposed_at = now()
            WHERE id = (SELECT id FROM owned_ships
                        WHERE user_id = ${listing.seller_id} AND ship_id = ${listing.ship_id}
                          AND disposed_at IS NULL AND id <> ${inserted.id}
                        ORDER BY acquired_at, id LIMIT 1 FOR UPDATE)`,
      );
    }
    const [owned] = await queryRows<{ id: string | number }>(
      tx,
      sql`SELECT id FROM owned_ships WHERE order_line_id = ${line.id} AND copy_index = 0`,
    );
    return { ...base, kind: 'ship', ship_id: listing.ship_id!, owned_ship_id: Number(owned!.id) };
  }

  if (listing.kind === 'dnc') {
    const amount = Number(listing.dnc_amount);
    await tx.execute(
      sql`INSERT INTO dnc_ledger (user_id, amount, reason, order_line_id)
          VALUES (${order.userId}, ${amount}, ${`order ${order.code}`}, ${line.id})
          ON CONFLICT (order_line_id) DO NOTHING`,
    );
    const [row] = await queryRows<{ id: string | number }>(
      tx,
      sql`SELECT id FROM dnc_ledger WHERE order_line_id = ${line.id}`,
    );
    return { ...base, kind: 'dnc', dnc_ledger_id: Number(row!.id), dnc: amount };
  }

  await tx.execute(
    sql`INSERT INTO owned_house_pieces (user_id, apartment, pieces, order_line_id)
        VALUES (${order.userId}, ${listing.house_unit_id}, 1, ${line.id})
        ON CONFLICT (order_line_id) DO NOTHING`,
  );
  const [row] = await queryRows<{ id: string | number; pieces: number }>(
    tx,
    sql`SELECT id, pieces FROM owned_house_pieces WHERE order_line_id = ${line.id}`,
  );
  return {
    ...base,
    kind: 'house_unit',
    owned_house_piece_id: Number(row!.id),
    apartment: listing.house_unit_id!,
    pieces: Number(row!.pieces),
  };
}
