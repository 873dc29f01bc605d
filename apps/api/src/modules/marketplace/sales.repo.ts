import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { DNC_COLUMNS, SHIP_COLUMNS, UNIT_COLUMNS } from '../catalogue/index.ts';
import type { ListingRow } from './marketplace.repo.ts';

/** A recorded sale with its listing and item. */
export type SaleRow = ListingRow & { sale_id: string; sale_price_micro: string; sale_sold_at: Date | string };

const SALE_SELECT = sql`
  SELECT sa.id::text AS sale_id, sa.price_micro::text AS sale_price_micro, sa.sold_at AS sale_sold_at,
         l.id::text AS id, l.kind, l.price_micro::text AS price_micro, l.sell_price_micro::text AS sell_price_micro,
         l.minted, l.status, l.listed_at, l.sold_at, ${SHIP_COLUMNS}, ${UNIT_COLUMNS}, ${DNC_COLUMNS}
  FROM marketplace_sales sa
  JOIN marketplace_listings l ON l.id = sa.listing_id
  LEFT JOIN ships s ON s.id = l.ship_id
  LEFT JOIN dnc_packs d ON d.id = l.dnc_pack_id
  LEFT JOIN house_units u ON u.apartment = l.house_unit_id
  LEFT JOIN house_unit_types t ON t.type = u.type`;

/** Newest sales first (index marketplace_sales_sold_at_idx). */
export function recentlySold(db: DbOrTx, limit: number): Promise<SaleRow[]> {
  return queryRows<SaleRow>(db, sql`${SALE_SELECT} ORDER BY sa.sold_at DESC NULLS LAST, sa.id DESC NULLS LAST LIMIT ${limit}`);
}

/** The most expensive NFT sales ever (ships and units; DNC packs are not NFTs). */
export function topNft(db: DbOrTx, limit: number): Promise<SaleRow[]> {
  return queryRows<SaleRow>(
    db,
    sql`${SALE_SELECT} WHERE l.kind <> 'dnc' ORDER BY sa.price_micro DESC NULLS LAST, sa.sold_at DESC NULLS LAST, sa.id DESC LIMIT ${limit}`,
  );
}

/** The week's top sales: sold since `since`, most expensive first. */
export function topSoldSince(db: DbOrTx, since: Date, limit: number): Promise<SaleRow[]> {
  return queryRows<SaleRow>(
    db,
    sql`${SALE_SELECT} WHERE sa.sold_at >= ${since.toISOString()}::timestamptz
        ORDER BY sa.price_micro DESC NULLS LAST, sa.sold_at DESC NULLS LAST, sa.id DESC LIMIT ${limit}`,
  );
}

export async function salesTotals(db: DbOrTx): Promise<{ count: number; totalMicro: string }> {
  const [row] = await queryRows<{ count: number; total: string }>(
    db,
    sql`SELECT count(*)::int AS count, coalesce(sum(price_micro), 0)::text AS total FROM marketplace_sales`,
  );
  return { count: row?.count ?? 0, totalMicro: row?.total ?? '0' };
}
