import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Tx } from '../../db/client.ts';
import { enqueueJob, type JobHandler } from '../../jobs/queue.ts';
import { queueEmail } from '../../mail/queue-email.ts';
import { itemSoldMail } from '../../mail/templates.ts';
import { mailContactOf } from '../accounts/index.ts';
import { creditProceeds } from '../assets/index.ts';
import type { ListingForSale } from './listing-for-sale.ts';

export const SALE_NOTICE_JOB = 'marketplace.sale-notice';

/**
 * The seller's side of a delivered sale, in the buyer's fulfilment transaction: a player's
 * listing credits its seller the price less the 5 % fee (once per listing, however often the
 * fulfilment runs) and queues the "you sold it" e-mail with that credit. The house's listings
 * pay no one.
 */
export async function settleSale(tx: Tx, listing: ListingForSale, sale: { orderLineId: number; priceMicro: bigint }): Promise<void> {
  if (!listing.sellerId) return;
  const { credited } = await creditProceeds(tx, {
    sellerId: listing.sellerId,
    listingId: listing.id,
    orderLineId: sale.orderLineId,
    priceMicro: sale.priceMicro,
  });
  if (credited) await enqueueJob(tx, SALE_NOTICE_JOB, { listingId: listing.id }, { dedupeKey: `sale-notice:${listing.id}` });
}

const PayloadSchema = z.object({ listingId: z.number().int().positive() });
const usd = (micro: string) => (Number(BigInt(micro)) / 1e6).toFixed(2);

/** Writes the sale e-mail to the seller (nothing for an account without a verified address). */
export function saleNoticeJob(d: { publicUrl: string }): JobHandler {
  return async (payload, { db }) => {
    const { listingId } = PayloadSchema.parse(payload);
    const [sale] = await queryRows<{ user_id: string; price: string; fee: string; net: string; name: string }>(
      db,
      sql`SELECT p.user_id::text AS user_id, p.price_micro::text AS price, p.fee_micro::text AS fee, p.net_micro::text AS net,
                 coalesce(s.name, d.name, 'item') AS name
          FROM seller_proceeds p
          JOIN marketplace_listings l ON l.id = p.listing_id
          LEFT JOIN ships s ON s.id = l.ship_id
          LEFT JOIN dnc_packs d ON d.id = l.dnc_pack_id
          WHERE p.listing_id = ${listingId}`,
    );
    if (!sale) return;
    const to = await mailContactOf(db, sale.user_id);
    if (!to) return;
    const mail = itemSoldMail(d.publicUrl, { username: to.username, itemName: sale.name, priceUsd: usd(sale.price), feeUsd: usd(sale.fee), netUsd: usd(sale.net) });
    // Keyed by the listing: a retry after the e-mail was stored stores nothing more.
    await queueEmail(db, 'item-sold', to.email, mail, { onceFor: `item-sold:${listingId}` });
  };
}
