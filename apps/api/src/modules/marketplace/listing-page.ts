import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { ALL_SEGMENTS } from '../../lib/catalogue/segments.ts';

/**
 * How a page of listings finds its ids, from indexes alone (docs/decisions/0010). The feed
 * order is newest listing first, then id. Every plan reads about offset + limit index
 * entries, or a bounded number of matches, never "every match".
 */
export type ListingQuery = { segments: number[] | null; priceFromMicro: bigint | null; priceToMicro: bigint | null };

/**
 * - ordered: walk (segment, listed_at, id) per segment and merge the streams (Merge Append),
 *   or the feed index when every segment is wanted;
 * - matches: the matches are few (an exact total under the count cap): read them all from
 *   (segment, sell_price) and sort;
 * - probed: a big price-filtered result; each segment was probed and is read in order when
 *   its matches are dense (`ordered`), or whole when they are few (`few`).
 */
export type PagePlan = { mode: 'ordered' } | { mode: 'matches' } | { mode: 'probed'; ordered: number[]; few: number[] };

export const FEED_ORDER = sql.raw('listed_at DESC NULLS LAST, id DESC NULLS LAST');

export const hasPrice = (q: ListingQuery) => q.priceFromMicro !== null || q.priceToMicro !== null;
const inList = (values: readonly number[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** The WHERE of listed items. A price bound always comes with a segment list, so (segment, price) serves it. */
export function listedWhere(q: ListingQuery, extra?: SQL): SQL {
  const segments = q.segments ?? (hasPrice(q) ? ALL_SEGMENTS : null);
  const parts: SQL[] = [sql`status = 'listed'`];
  if (segments) parts.push(segments.length === 1 ? sql`segment = ${segments[0]}` : sql`segment IN (${inList(segments)})`);
  if (q.priceFromMicro !== null) parts.push(sql`sell_price_micro >= ${q.priceFromMicro.toString()}`);
  if (q.priceToMicro !== null) parts.push(sql`sell_price_micro <= ${q.priceToMicro.toString()}`);
  if (extra) parts.push(extra);
  return sql.join(parts, sql` AND `);
}

const oneSegment = (q: ListingQuery, segment: number): ListingQuery => ({ ...q, segments: [segment] });

/** The ids of one page, as a subquery yielding `id`. */
export function pageIds(q: ListingQuery, limit: number, offset: number, plan: PagePlan, extra?: SQL): SQL {
  const page = sql`ORDER BY ${FEED_ORDER} LIMIT ${limit} OFFSET ${offset}`;
  const need = offset + limit;
  if (plan.mode === 'matches') {
    return sql`WITH matches AS MATERIALIZED (SELECT id, listed_at FROM marketplace_listings WHERE ${listedWhere(q, extra)}) SELECT id FROM matches ${page}`;
  }
  if (plan.mode === 'ordered' && (!q.segments || q.segments.length === 1)) {
    return sql`SELECT id FROM marketplace_listings WHERE ${listedWhere(q, extra)} ${page}`;
  }
  const ordered = plan.mode === 'probed' ? plan.ordered : q.segments!;
  const few = plan.mode === 'probed' ? plan.few : [];
  // The LIMIT inside each branch lets the planner merge ordered index scans lazily.
  const branches = [
    ...ordered.map((s) => sql`(SELECT id, listed_at FROM marketplace_listings WHERE ${listedWhere(oneSegment(q, s), extra)} ORDER BY ${FEED_ORDER} LIMIT ${need})`),
    // OFFSET 0 keeps the sort out of the inner plan: it reads the few matches by price range.
    ...few.map(
      (s) => sql`(SELECT id, listed_at FROM (SELECT id, listed_at FROM marketplace_listings WHERE ${listedWhere(oneSegment(q, s), extra)} OFFSET 0) m
                  ORDER BY ${FEED_ORDER} LIMIT ${need})`,
    ),
  ];
  if (branches.length === 0) return sql`SELECT NULL::bigint AS id WHERE FALSE`;
  return sql`SELECT id FROM (${sql.join(branches, sql` UNION ALL `)}) merged ${page}`;
}

/** Chooses the plan from what the count found (docs/decisions/0010). */
export async function choosePlan(db: DbOrTx, q: ListingQuery, capped: boolean, need: number): Promise<PagePlan> {
  if (!hasPrice(q)) return { mode: 'ordered' };
  // An exact total means at most COUNT_CAP matches: reading them all is cheap.
  if (!capped) return { mode: 'matches' };
  return probeSegments(db, q, need);
}

/**
 * For a price filter with more matches than the count cap: counts each segment's matches up
 * to `need` (64..2000) through (segment, sell_price). A merge has to find the first match of
 * every branch before it returns anything, so a segment with no or few matches must not be
 * walked in feed order (that reads the whole segment): it is left out, or its few matches are
 * read whole and sorted. Segments with at least `need` matches are walked in order.
 */
export async function probeSegments(db: DbOrTx, q: ListingQuery, need: number): Promise<PagePlan> {
  const cap = Math.min(2000, Math.max(64, need));
  const segments = q.segments ?? ALL_SEGMENTS;
  const rows = await queryRows<{ segment: number; n: number }>(
    db,
    sql`SELECT s.segment, (SELECT count(*) FROM (SELECT 1 FROM marketplace_listings
               WHERE status = 'listed' AND segment = s.segment ${priceAnd(q)} LIMIT ${cap}) probe)::int AS n
        FROM unnest(ARRAY[${inList(segments)}]::smallint[]) AS s(segment)`,
  );
  return {
    mode: 'probed',
    ordered: rows.filter((r) => r.n >= cap).map((r) => r.segment),
    few: rows.filter((r) => r.n > 0 && r.n < cap).map((r) => r.segment),
  };
}

function priceAnd(q: ListingQuery): SQL {
  const parts: SQL[] = [];
  if (q.priceFromMicro !== null) parts.push(sql` AND sell_price_micro >= ${q.priceFromMicro.toString()}`);
  if (q.priceToMicro !== null) parts.push(sql` AND sell_price_micro <= ${q.priceToMicro.toString()}`);
  return sql.join(parts);
}
