import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { boundedCountOfShape, type BoundedTotal } from '../../lib/sql/bounded-count.ts';
import { DNC_COLUMNS, SHIP_COLUMNS, UNIT_COLUMNS, type DncColumns, type ShipColumns, type UnitColumns } from '../catalogue/index.ts';
import { bindValues, queryShaped } from '../../lib/sql/query-shapes.ts';
import { hasPrice, listedWhere, listingShape, listingValues, pageIds, type ListingQuery, type PagePlan } from './listing-page.ts';

export type { ListingQuery, PagePlan };

export type ListingRow = {
  id: string;
  kind: 'ship' | 'dnc' | 'house_unit';
  price_micro: string;
  sell_price_micro: string;
  minted: boolean;
  status: 'listed' | 'sold' | 'cancelled';
  listed_at: Date | string;
  sold_at: Date | string | null;
} & Partial<ShipColumns & UnitColumns & DncColumns>;

const ORDERED: PagePlan = { mode: 'ordered' };

const LISTING_SELECT = sql`
  SELECT l.id::text AS id, l.kind, l.price_micro::text AS price_micro, l.sell_price_micro::text AS sell_price_micro,
         l.minted, l.status, l.listed_at, l.sold_at, ${SHIP_COLUMNS}, ${UNIT_COLUMNS}, ${DNC_COLUMNS}`;
const ITEM_JOINS = sql.raw(`
  LEFT JOIN ships s ON s.id = l.ship_id
  LEFT JOIN dnc_packs d ON d.id = l.dnc_pack_id
  LEFT JOIN house_units u ON u.apartment = l.house_unit_id
  LEFT JOIN house_unit_types t ON t.type = u.type`);

/**
 * One page of listed items: ids first (from indexes alone), then only those rows with their
 * items. Prices, limit, offset and the excluded id are placeholders (`listingValues`).
 */
export function listedPageQuery(q: ListingQuery, plan: PagePlan = ORDERED, excluding = false): SQL {
  return sql`${LISTING_SELECT}
      FROM (${pageIds(q, plan, excluding)}) page
      JOIN marketplace_listings l ON l.id = page.id
      ${ITEM_JOINS}
      ORDER BY l.listed_at DESC NULLS LAST, l.id DESC NULLS LAST`;
}

/** The page query with one call's values bound, as the service sends it (EXPLAIN, benchmarks). */
export const findListedQuery = (q: ListingQuery, limit: number, offset: number, plan: PagePlan = ORDERED): SQL =>
  bindValues(listedPageQuery(q, plan), listingValues(q, limit, offset));

const planShape = (plan: PagePlan) => (plan.mode === 'probed' ? `probed:${plan.ordered.join(',')}:${plan.few.join(',')}` : plan.mode);

/** A page of listed items, optionally without the listing `excludeId`; its SQL is built once per shape. */
export function findListed(db: DbOrTx, q: ListingQuery, limit: number, offset: number, plan: PagePlan = ORDERED, excludeId?: string): Promise<ListingRow[]> {
  const excluding = excludeId !== undefined;
  return queryShaped<ListingRow>(db, `page|${listingShape(q, excluding)}|${planShape(plan)}`, () => listedPageQuery(q, plan, excluding), listingValues(q, limit, offset, excludeId));
}

/** The count the list total costs: a sum over `listing_counts`, or null when a price bound needs the bounded count. */
export function countFromCountsQuery(q: ListingQuery): SQL | null {
  if (hasPrice(q)) return null;
  const where = q.segments ? sql`WHERE segment IN (${sql.join(q.segments.map((s) => sql`${s}`), sql`, `)})` : sql``;
  return sql`SELECT coalesce(sum(listed), 0)::text AS n FROM listing_counts ${where}`;
}

/** "FROM … WHERE …" of the listed items a filter keeps, with price placeholders. */
const listedFromWhere = (q: ListingQuery): SQL => sql`FROM marketplace_listings WHERE ${listedWhere(q)}`;
/** The same with the filter's prices bound (EXPLAIN, benchmarks). */
export const countFromWhere = (q: ListingQuery): SQL => bindValues(listedFromWhere(q), listingValues(q, 0, 0));

/**
 * How many listed items match. Without a price bound it is a sum over `listing_counts`
 * (at most 14 rows, exact, maintained by triggers); with one it is a count that stops at
 * the cap.
 */
export async function countListed(db: DbOrTx, q: ListingQuery): Promise<BoundedTotal> {
  const shape = listingShape(q);
  if (!hasPrice(q)) {
    const [row] = await queryShaped<{ n: string }>(db, `counts|${shape}`, () => countFromCountsQuery(q)!);
    return { total: Number(row?.n ?? 0), capped: false };
  }
  return boundedCountOfShape(db, `listed|${shape}`, () => listedFromWhere(q), listingValues(q, 0, 0));
}

export async function getListing(db: DbOrTx, id: string): Promise<ListingRow | undefined> {
  const [row] = await queryRows<ListingRow>(db, sql`${LISTING_SELECT} FROM marketplace_listings l ${ITEM_JOINS} WHERE l.id = ${id}`);
  return row;
}
