// The floor for bench/find-http.ts (issue 21): the least a server could do to answer
// GET /api/marketplace/find with the page a client draws. Fastify + pg, no validation, and:
// - named prepared statements (parsed once per connection, not once per call);
// - the total and the page as two statements (plus the probe when a price filter is capped),
//   the page's ids found first from indexes alone (the same `pageIds` the service walks);
// - each value once, and only what a listing card shows: id, kind, name, price, and the item's
//   element, rarity, image and apartment label. No `cache` copy, no description or figures.
// It follows the same count and plan rules as MarketplaceService.find, so it answers the same
// ids and total (find-http checks that before it measures).
import { dncImagePath, shipImagePath, unitImagePath, type Element, type Rarity } from '@starport/schemas';
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { boundedCountQuery } from '../apps/api/src/lib/sql/bounded-count.ts';
import { hasPrice, listingValues, pageIds, probeQuery, probeValues, type PagePlan } from '../apps/api/src/modules/marketplace/listing-page.ts';
import { countFromCountsQuery, countFromWhere, type ListingQuery } from '../apps/api/src/modules/marketplace/marketplace.repo.ts';
import { findQueryOf, totalAndPlan } from './lib-bare.ts';

type Statement = { name: string; text: string; values: unknown[] };
const dialect = new PgDialect();
const names = new Map<string, string>();

/** A named statement: one name per distinct SQL text, so each pool connection parses it once. */
function statement(query: SQL, values: Record<string, unknown> = {}): Statement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = names.get(text);
  if (!name) names.set(text, (name = `floor_${names.size}`));
  return { name, text, values: fillPlaceholders(params, values) };
}

/** The card's columns of a page of ids, in feed order. */
const pageQuery = (q: ListingQuery, plan: PagePlan): SQL => sql`
  SELECT l.id::text AS id, l.kind, l.sell_price_micro::text AS sell, s.name AS ship_name, s.element, s.rarity, s.art_seed,
         d.name AS dnc_name, d.amount AS dnc_amount, u.apartment, u.type AS unit_type
    FROM (${pageIds(q, plan)}) page
    JOIN marketplace_listings l ON l.id = page.id
    LEFT JOIN ships s ON s.id = l.ship_id
    LEFT JOIN dnc_packs d ON d.id = l.dnc_pack_id
    LEFT JOIN house_units u ON u.apartment = l.house_unit_id
   ORDER BY l.listed_at DESC NULLS LAST, l.id DESC NULLS LAST`;

type CardRow = {
  id: string;
  kind: 'ship' | 'dnc' | 'house_unit';
  sell: string;
  ship_name: string | null;
  element: number | null;
  rarity: number | null;
  art_seed: number | null;
  dnc_name: string | null;
  dnc_amount: number | null;
  apartment: number | null;
  unit_type: number | null;
};

function card(r: CardRow) {
  const sellPrice = Number(r.sell) / 1_000_000;
  if (r.kind === 'ship') {
    const item = { element: r.element, rarity: r.rarity, image: shipImagePath(r.element as Element, r.rarity as Rarity, r.art_seed!) };
    return { _id: r.id, kind: r.kind, name: r.ship_name, sell_price: sellPrice, item };
  }
  if (r.kind === 'dnc') return { _id: r.id, kind: r.kind, name: r.dnc_name, sell_price: sellPrice, item: { image: dncImagePath(r.dnc_amount!) } };
  const item = { image: unitImagePath(r.unit_type as 1 | 2 | 3 | 4 | 5), apart_label: `Type ${r.unit_type}` };
  return { _id: r.id, kind: r.kind, name: `Container House Apartment ${r.apartment}`, sell_price: sellPrice, item };
}

type PerUrl = { q: ListingQuery; page: number; limit: number; count: Statement; probe?: Statement; pages: Map<string, Statement> };

export async function startFloor(databaseUrl: string): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 20 }); // as openDatabase
  const cache = new Map<string, PerUrl>();
  const app = Fastify({ logger: false });
  app.get('/api/marketplace/find', async (req) => {
    let p = cache.get(req.url);
    if (!p) {
      const { q, page, limit } = findQueryOf(req.query as Record<string, string | undefined>);
      const count = statement(countFromCountsQuery(q) ?? boundedCountQuery(countFromWhere(q)));
      const probe = hasPrice(q) ? statement(probeQuery(q), probeValues(q, page * limit)) : undefined;
      cache.set(req.url, (p = { q, page, limit, count, probe, pages: new Map() }));
    }
    const { q, page, limit } = p;
    const offset = (page - 1) * limit;
    const n = Number((await pool.query(p.count)).rows[0].n);
    const { total, capped, plan } = await totalAndPlan(q, n, offset, limit, async () => (await pool.query<{ segment: number; n: number }>(p.probe!)).rows);
    if (!plan) return { data: [], total, total_capped: capped, page, limit };
    const planKey = JSON.stringify(plan);
    let pageStatement = p.pages.get(planKey);
    if (!pageStatement) p.pages.set(planKey, (pageStatement = statement(pageQuery(q, plan), listingValues(q, limit, offset))));
    const { rows } = await pool.query<CardRow>(pageStatement);
    return { data: rows.map(card), total, total_capped: capped, page, limit };
  });
  return { app, pool };
}
