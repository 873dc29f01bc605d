import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { iso, microToUsd, toMicro } from '../../lib/money.ts';

/** Which item a price history is about: a ship, a unit (apartment) or a DNC pack. */
export type ItemRef = { column: 'ship_id' | 'dnc_pack_id' | 'house_unit_id'; id: number };
type PriceRow = { sold_at: Date | string; price_micro: string };

/**
 * The recorded marketplace sales of one item, oldest first (the latest `limit` of them):
 * the real price history of the detail pages, shared by marketplace and shop.
 */
export async function priceHistory(db: DbOrTx, ref: ItemRef, limit = 100) {
  const rows = await queryRows<PriceRow>(
    db,
    sql`SELECT sa.sold_at, sa.price_micro::text AS price_micro
        FROM marketplace_sales sa JOIN marketplace_listings l ON l.id = sa.listing_id
        WHERE l.${sql.identifier(ref.column)} = ${ref.id}
        ORDER BY sa.sold_at DESC NULLS LAST, sa.id DESC NULLS LAST LIMIT ${limit}`,
  );
  return rows.reverse().map((row) => {
    const price = toMicro(row.price_micro);
    return { sold_at: iso(row.sold_at), price: microToUsd(price), price_micro: price };
  });
}
