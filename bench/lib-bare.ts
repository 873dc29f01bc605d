// The bare baseline for bench/find-http.ts: Fastify + pg, no validation, no zod, no helmet,
// answering GET /api/marketplace/find with the SQL text the service sends (built once per
// distinct URL by the repo's own builders with the values bound, then cached as text + params),
// the page as the service reads it: its ids first, then their rows by one named statement.
import { COUNT_CAP, type CatalogueFilter, type ElementKey, type RarityCode } from '@starport/schemas';
import { type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { boundedCountQuery } from '../apps/api/src/lib/sql/bounded-count.ts';
import { bindValues } from '../apps/api/src/lib/sql/query-shapes.ts';
import { segmentsFor } from '../apps/api/src/modules/catalogue/index.ts';
import { hasPrice, probeQuery, probeValues, type PagePlan } from '../apps/api/src/modules/marketplace/listing-page.ts';
import { countFromCountsQuery, countFromWhere, findListedIdsQuery, listingsByIdQuery, type ListingQuery } from '../apps/api/src/modules/marketplace/marketplace.repo.ts';

type Compiled = { name?: string; text: string; values: unknown[] };
const dialect = new PgDialect();
const compile = (q: SQL): Compiled => {
  const { sql, params } = dialect.sqlToQuery(q);
  return { text: sql, values: params };
};

const names = new Map<string, string>();
/** One statement name per text, as the service's queryNamed. */
const named = (query: Compiled): Compiled => {
  let name = names.get(query.text);
  if (!name) names.set(query.text, (name = `bare_${names.size}`));
  return { ...query, name };
};

/** The rows-by-id statement findListed names, as text with one parameter ($1: the ids). */
const BY_ID_TEXT = dialect.sqlToQuery(listingsByIdQuery()).sql;

const RARITY: Record<string, RarityCode> = { common: 0, rare: 1, epic: 2, legendary: 3 };
const list = (v: string | undefined) => (v ? v.split(',') : null);
const usd = (v: string | undefined) => (v ? BigInt(Math.round(Number(v) * 1_000_000)) : null);

/** The probe query probeSegments sends, with its values bound. */
const probeText = (q: ListingQuery, need: number): Compiled => compile(bindValues(probeQuery(q), probeValues(q, need)));

/** The listing query, page and limit of a find URL's query string (the filters find-http sends). */
export function findQueryOf(s: Record<string, string | undefined>): { q: ListingQuery; page: number; limit: number } {
  const filter = { elements: list(s.element) as ElementKey[] | null, rarities: list(s.rarity)?.map((r) => RARITY[r]!) ?? null, kinds: null } as CatalogueFilter;
  const q: ListingQuery = { segments: segmentsFor(filter), priceFromMicro: usd(s.price_from), priceToMicro: usd(s.price_to) };
  return { q, page: Number(s.page ?? 1), limit: Number(s.limit ?? 20) };
}

type Prepared = { q: ListingQuery; page: number; limit: number; count: Compiled; probe?: Compiled; pages: Map<string, Compiled> };

/**
 * The total and the page plan, by the same rules as MarketplaceService.find, countListed /
 * boundedCount and choosePlan; `probe` reads each segment's capped match counts. No plan when
 * the page is past the end of an exact total.
 */
export async function totalAndPlan(
  q: ListingQuery,
  n: number,
  offset: number,
  limit: number,
  probe: () => Promise<Array<{ segment: number; n: number }>>,
): Promise<{ total: number; capped: boolean; plan: PagePlan | null }> {
  const capped = hasPrice(q) && n > COUNT_CAP;
  const total = capped ? COUNT_CAP : n;
  if (offset >= total && !capped) return { total, capped, plan: null };
  if (!hasPrice(q)) return { total, capped, plan: { mode: 'ordered' } };
  if (!capped) return { total, capped, plan: { mode: 'matches' } };
  const cap = Math.min(2000, Math.max(64, offset + limit));
  const rows = await probe();
  return { total, capped, plan: { mode: 'probed', ordered: rows.filter((r) => r.n >= cap).map((r) => r.segment), few: rows.filter((r) => r.n > 0 && r.n < cap).map((r) => r.segment) } };
}

export async function startBare(databaseUrl: string): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 }); // as openDatabase
  const cache = new Map<string, Prepared>();
  const app = Fastify({ logger: false });
  app.get('/api/marketplace/find', async (req) => {
    const key = req.url;
    let p = cache.get(key);
    if (!p) {
      const { q, page, limit } = findQueryOf(req.query as Record<string, string | undefined>);
      const counts = countFromCountsQuery(q);
      // As countListed: the sum over listing_counts is a named statement, the bounded count is not.
      const count = counts ? named(compile(counts)) : compile(boundedCountQuery(countFromWhere(q)));
      p = { q, page, limit, count, probe: hasPrice(q) ? probeText(q, page * limit) : undefined, pages: new Map() };
      cache.set(key, p);
    }
    const { q, page, limit } = p;
    const offset = (page - 1) * limit;
    const n = Number((await pool.query(p.count)).rows[0].n);
    const { total, capped, plan } = await totalAndPlan(q, n, offset, limit, async () => (await pool.query<{ segment: number; n: number }>(p.probe!)).rows);
    if (!plan) return { error: false, data: [], total, total_capped: capped, page, limit };
    const planKey = JSON.stringify(plan);
    let pageQuery = p.pages.get(planKey);
    if (!pageQuery) p.pages.set(planKey, (pageQuery = compile(findListedIdsQuery(q, limit, offset, plan))));
    // As findListed: the page's ids (unnamed, planned per call), then their rows by a named statement.
    const ids = (await pool.query<{ id: string }>(pageQuery)).rows.map((r) => r.id);
    if (ids.length === 0) return { error: false, data: [], total, total_capped: capped, page, limit };
    const { rows } = await pool.query<{ id: string }>({ name: 'bare_listings_by_id', text: BY_ID_TEXT, values: [ids] });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { error: false, data: ids.map((id) => byId.get(id)), total, total_capped: capped, page, limit };
  });
  return { app, pool };
}
