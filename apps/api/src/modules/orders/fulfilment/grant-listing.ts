import type { Tx } from '../../../db/client.ts';
import { creditDnc, grantHousePieces, ListedCopyMissing, transferShip } from '../../assets/index.ts';
import { listingForSale, settleSale, type ListingForSale } from '../../marketplace/index.ts';
import type { OrderLineRow } from '../orders.repo.ts';
import { listingSoldToOrder } from '../reservations.repo.ts';
import { FulfilmentBlocked, type GrantedOrder, type ListingGrant } from './grants.ts';

/**
 * A marketplace listing bought from its detail page: its item goes to the buyer, through assets.
 * - ship: assets.transferShip, the buyer's copy (source 'marketplace', copy 0) and, for a
 *   player's listing, exactly the listed copy leaves the seller;
 * - DNC pack: a DNC credit of the pack's amount, reason 'order <code>';
 * - container-house unit: one piece of that apartment (a unit listing sells one piece at the
 *   type's piece price; see the marketplace's unit listings).
 * A player's listing then pays its seller (marketplace.settleSale: the price less the fee,
 * once per listing, and the sale e-mail).
 * The listing must have been sold to this order (its reservation consumed by markPaid, status
 * 'sold'); anything else is blocked rather than granted. Each grant is unique per order line,
 * so granting again writes nothing (and disposes nothing).
 */
export async function grantListing(tx: Tx, order: GrantedOrder, line: OrderLineRow): Promise<ListingGrant> {
  const listing = await listingForSale(tx, line.listingId!);
  const held = listing ? await listingSoldToOrder(tx, order.id, listing.id) : false;
  if (!listing || listing.status !== 'sold' || !held) {
    throw new FulfilmentBlocked(
      `Listing ${line.listingId} was not sold to order ${order.code} (${listing ? `status ${listing.status}` : 'no such listing'}).`,
    );
  }
  const grant = await grantItem(tx, order, line, listing);
  await settleSale(tx, listing, { orderLineId: line.id, priceMicro: line.unitSellPriceMicro });
  return grant;
}

async function grantItem(tx: Tx, order: GrantedOrder, line: OrderLineRow, listing: ListingForSale): Promise<ListingGrant> {
  const base = { order_line_id: line.id, object: 'listing' as const, listing_id: listing.id };
  const paidMicro = line.unitSellPriceMicro;

  if (listing.kind === 'ship') {
    const sellerCopy =
      listing.sellerId && listing.ownedShipId !== null ? { sellerId: listing.sellerId, ownedShipId: listing.ownedShipId } : null;
    try {
      const { ownedShipId } = await transferShip(tx, { sellerCopy, buyerId: order.userId, shipId: listing.shipId!, orderLineId: line.id, paidMicro });
      return { ...base, kind: 'ship', ship_id: listing.shipId!, owned_ship_id: ownedShipId };
    } catch (err) {
      if (err instanceof ListedCopyMissing) throw new FulfilmentBlocked(`${err.message} (listing ${listing.id}, order ${order.code})`);
      throw err;
    }
  }

  if (listing.kind === 'dnc') {
    const amount = listing.dncAmount!;
    const entryId = await creditDnc(tx, { userId: order.userId, amount, reason: `order ${order.code}`, orderLineId: line.id });
    return { ...base, kind: 'dnc', dnc_ledger_id: entryId, dnc: amount };
  }

  const piece = await grantHousePieces(tx, { userId: order.userId, apartment: listing.houseUnitId!, pieces: 1, orderLineId: line.id, paidMicro });
  return { ...base, kind: 'house_unit', owned_house_piece_id: piece.id, apartment: listing.houseUnitId!, pieces: piece.pieces };
}
