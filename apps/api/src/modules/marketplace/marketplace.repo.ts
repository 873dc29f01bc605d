import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { boundedCountOfShape, type BoundedTotal } from '../../lib/sql/bounded-count.ts';
import { DNC_COLUMNS, SHIP_COLUMNS, UNIT_COLUMNS, type DncColumns, type ShipColumns, type UnitColumns } from '../catalogue/index.ts';
import { bindValues, queryNamed, queryShaped } from '../../lib/sql/query-shapes.ts';
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

/** The page query with one call's values bound, as the service sends it (EXPLAIN, benchmarks): the page's ids, in feed order. */
export const findListedIdsQuery = (q: ListingQuery, limit: number, offset: number, plan: PagePlan = ORDERED): SQL =>
  bindValues(pageIds(q, plan), listingValues(q, limit, offset));

const planShape = (plan: PagePlan) => (plan.mode === 'probed' ? `probed:${plan.ordered.join(',')}:${plan.few.join(',')}` : plan.mode);

/** The listings `ids` (placeholder) with their items, in no particular order: one generic plan serves every call. */
export const listingsByIdQuery = () => sql`${LISTING_SELECT} FROM marketplace_listings l ${ITEM_JOINS} WHERE l.id = ANY(${sql.placeholder('ids')}::bigint[])`;

/**
 * A page of listed items, optionally without the listing `excludeId`: the page's ids first,
 * planned per call for its values (docs/decisions/0010), then their rows and items by id as a
 * named statement. One statement doing both spent twice as long planning the joins as running
 * (docs/decisions/0059). The rows are those of the moment they are read: a listing sold between
 * the two reads is shown as sold rather than leaving a hole in the page.
 */
export async function findListed(db: DbOrTx, q: ListingQuery, limit: number, offset: number, plan: PagePlan = ORDERED, excludeId?: string): Promise<ListingRow[]> {
  const excluding = excludeId !== undefined;
  const page = await queryShaped<{ id: string | number | bigint }>(
    db,
    `ids|${listingShape(q, excluding)}|${planShape(plan)}`,
    () => pageIds(q, plan, excluding),
    listingValues(q, limit, offset, excludeId),
  );
  if (page.length === 0) return [];
  // The ids come in feed order (pageIds ends in ORDER BY); the rows are put back in it.
  const ids = page.map((r) => String(r.id));
  const rows = await queryNamed<ListingRow>(db, 'listings-by-id', listingsByIdQuery, { ids });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
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
    // A sum over at most 14 rows has one plan whatever the segments: named, it is planned once.
    const [row] = await queryNamed<{ n: string }>(db, `counts|${shape}`, () => countFromCountsQuery(q)!);
    return { total: Number(row?.n ?? 0), capped: false };
  }
  return boundedCountOfShape(db, `listed|${shape}`, () => listedFromWhere(q), listingValues(q, 0, 0));
}

export async function getListing(db: DbOrTx, id: string): Promise<ListingRow | undefined> {
  const [row] = await queryRows<ListingRow>(db, sql`${LISTING_SELECT} FROM marketplace_listings l ${ITEM_JOINS} WHERE l.id = ${id}`);
  return row;
}
