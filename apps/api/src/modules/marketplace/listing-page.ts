import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryShaped, type Values } from '../../lib/sql/query-shapes.ts';
import { ALL_SEGMENTS } from '../catalogue/index.ts';

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

/**
 * The builders below make a query's shape (lib/sql/query-shapes.ts): segments and
 * the plan are part of the text, while prices, limit, offset and the excluded id are
 * placeholders that `listingValues` fills for each call.
 */
const PRICE_FROM = sql.placeholder('price_from');
const PRICE_TO = sql.placeholder('price_to');
const LIMIT = sql.placeholder('limit');
const OFFSET = sql.placeholder('offset');
/** offset + limit: how many ids a branch must yield at most. */
const NEED = sql.placeholder('need');
const EXCLUDE = sql.placeholder('exclude');

/** The values of one call for the placeholders above. */
export function listingValues(q: ListingQuery, limit: number, offset: number, excludeId?: string): Values {
  return { price_from: q.priceFromMicro?.toString(), price_to: q.priceToMicro?.toString(), limit, offset, need: offset + limit, exclude: excludeId };
}

/** What, besides the values, makes two listing queries differ: the cache key of their SQL. */
export const listingShape = (q: ListingQuery, excluding = false) =>
  `${q.segments?.join(',') ?? '*'}|${q.priceFromMicro === null ? '' : '>'}${q.priceToMicro === null ? '' : '<'}${excluding ? '|x' : ''}`;

/** The WHERE of listed items. A price bound always comes with a segment list, so (segment, price) serves it. */
export function listedWhere(q: ListingQuery, excluding = false): SQL {
  const segments = q.segments ?? (hasPrice(q) ? ALL_SEGMENTS : null);
  const parts: SQL[] = [sql`status = 'listed'`];
  if (segments) parts.push(segments.length === 1 ? sql`segment = ${segments[0]}` : sql`segment IN (${inList(segments)})`);
  if (q.priceFromMicro !== null) parts.push(sql`sell_price_micro >= ${PRICE_FROM}`);
  if (q.priceToMicro !== null) parts.push(sql`sell_price_micro <= ${PRICE_TO}`);
  if (excluding) parts.push(sql`id <> ${EXCLUDE}`);
  return sql.join(parts, sql` AND `);
}

const oneSegment = (q: ListingQuery, segment: number): ListingQuery => ({ ...q, segments: [segment] });

/** The ids of one page, as a subquery yielding `id`; `excluding` leaves out the listing `exclude`. */
export function pageIds(q: ListingQuery, plan: PagePlan, excluding = false): SQL {
  const page = sql`ORDER BY ${FEED_ORDER} LIMIT ${LIMIT} OFFSET ${OFFSET}`;
  if (plan.mode === 'matches') {
    return sql`WITH matches AS MATERIALIZED (SELECT id, listed_at FROM marketplace_listings WHERE ${listedWhere(q, excluding)}) SELECT id FROM matches ${page}`;
  }
  if (plan.mode === 'ordered' && (!q.segments || q.segments.length === 1)) {
    return sql`SELECT id FROM marketplace_listings WHERE ${listedWhere(q, excluding)} ${page}`;
  }
  const ordered = plan.mode === 'probed' ? plan.ordered : q.segments!;
  const few = plan.mode === 'probed' ? plan.few : [];
  // The LIMIT inside each branch lets the planner merge ordered index scans lazily.
  const branches = [
    ...ordered.map((s) => sql`(SELECT id, listed_at FROM marketplace_listings WHERE ${listedWhere(oneSegment(q, s), excluding)} ORDER BY ${FEED_ORDER} LIMIT ${NEED})`),
    // OFFSET 0 keeps the sort out of the inner plan: it reads the few matches by price range.
    ...few.map(
      (s) => sql`(SELECT id, listed_at FROM (SELECT id, listed_at FROM marketplace_listings WHERE ${listedWhere(oneSegment(q, s), excluding)} OFFSET 0) m
                  ORDER BY ${FEED_ORDER} LIMIT ${NEED})`,
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
  const cap = probeCap(need);
  const rows = await queryShaped<{ segment: number; n: number }>(db, `probe|${listingShape(q)}`, () => probeQuery(q), probeValues(q, need));
  return {
    mode: 'probed',
    ordered: rows.filter((r) => r.n >= cap).map((r) => r.segment),
    few: rows.filter((r) => r.n > 0 && r.n < cap).map((r) => r.segment),
  };
}

const probeCap = (need: number) => Math.min(2000, Math.max(64, need));
export const probeValues = (q: ListingQuery, need: number): Values => ({ ...listingValues(q, 0, 0), cap: probeCap(need) });

/** The probe of `probeSegments`: each segment's matches, counted up to the placeholder `cap`. */
export function probeQuery(q: ListingQuery): SQL {
  return sql`SELECT s.segment, (SELECT count(*) FROM (SELECT 1 FROM marketplace_listings
               WHERE status = 'listed' AND segment = s.segment ${priceAnd(q)} LIMIT ${sql.placeholder('cap')}) probe)::int AS n
        FROM unnest(ARRAY[${inList(q.segments ?? ALL_SEGMENTS)}]::smallint[]) AS s(segment)`;
}

function priceAnd(q: ListingQuery): SQL {
  const parts: SQL[] = [];
  if (q.priceFromMicro !== null) parts.push(sql` AND sell_price_micro >= ${PRICE_FROM}`);
  if (q.priceToMicro !== null) parts.push(sql` AND sell_price_micro <= ${PRICE_TO}`);
  return sql.join(parts);
}
