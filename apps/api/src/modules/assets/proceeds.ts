import { listingProceeds } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';

/**
 * What players earn from their marketplace sales (seller_proceeds): one row per sold listing,
 * the price the buyer paid split into the 5 % fee and the seller's net. The listing is the
 * unique key, so a sale is credited once however often its fulfilment runs.
 */

export type ProceedsCredit = { sellerId: string; listingId: number; orderLineId: number; priceMicro: bigint };
export type ProceedsRow = { listingId: number; priceMicro: bigint; feeMicro: bigint; netMicro: bigint; createdAt: Date };

/** Credits the seller for one sale; `credited` is false when this listing was credited before. */
export async function creditProceeds(tx: Tx, c: ProceedsCredit): Promise<{ credited: boolean; feeMicro: bigint; netMicro: bigint }> {
  const { feeMicro, netMicro } = listingProceeds(c.priceMicro);
  const inserted = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO seller_proceeds (user_id, listing_id, order_line_id, price_micro, fee_micro, net_micro)
        VALUES (${c.sellerId}, ${c.listingId}, ${c.orderLineId}, ${c.priceMicro.toString()}::bigint,
                ${feeMicro.toString()}::bigint, ${netMicro.toString()}::bigint)
        ON CONFLICT (listing_id) DO NOTHING RETURNING id::text AS id`,
  );
  return { credited: inserted.length > 0, feeMicro, netMicro };
}

/** The player's proceeds in total (net and fees) and how many sales they come from. */
export async function proceedsTotal(db: DbOrTx, userId: string): Promise<{ netMicro: bigint; feeMicro: bigint; sales: number }> {
  const [row] = await queryRows<{ net: string | null; fee: string | null; n: string | number }>(
    db,
    sql`SELECT sum(net_micro)::text AS net, sum(fee_micro)::text AS fee, count(*) AS n FROM seller_proceeds WHERE user_id = ${userId}`,
  );
  return { netMicro: BigInt(row?.net ?? 0), feeMicro: BigInt(row?.fee ?? 0), sales: Number(row?.n ?? 0) };
}

/** One page of the player's proceeds, newest first. */
export async function proceedsOf(db: DbOrTx, userId: string, page: { limit: number; offset: number }): Promise<ProceedsRow[]> {
  const rows = await queryRows<{ listing_id: string; price: string; fee: string; net: string; created_at: Date | string }>(
    db,
    sql`SELECT listing_id::text AS listing_id, price_micro::text AS price, fee_micro::text AS fee, net_micro::text AS net, created_at
        FROM seller_proceeds WHERE user_id = ${userId}
        ORDER BY created_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return rows.map((r) => ({
    listingId: Number(r.listing_id),
    priceMicro: BigInt(r.price),
    feeMicro: BigInt(r.fee),
    netMicro: BigInt(r.net),
    createdAt: new Date(r.created_at),
  }));
}
