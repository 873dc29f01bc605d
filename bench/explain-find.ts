// What /api/marketplace/find costs: for page 1 and page 100 of several filters, the
// EXPLAIN ANALYZE execution time of the page query and of the total, the index the page used,
// and the median wall time of the whole service call (count + page + mapping), warm.
// Run alone against a seeded database: DATABASE_URL=… node --import tsx bench/explain-find.ts [--plans]
import { pathToFileURL } from 'node:url';
import { MarketplaceFindQuerySchema } from '@starport/schemas';
import { sql, type SQL } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { openDatabase, queryRows, type Db } from '../apps/api/src/db/client.ts';
import { boundedCountQuery } from '../apps/api/src/lib/sql/bounded-count.ts';
import { segmentsFor } from '../apps/api/src/modules/catalogue/index.ts';
import { choosePlan } from '../apps/api/src/modules/marketplace/listing-page.ts';
import { countFromCountsQuery, countFromWhere, countListed, findListedIdsQuery, type ListingQuery } from '../apps/api/src/modules/marketplace/marketplace.repo.ts';
import { marketplaceRoutes } from '../apps/api/src/modules/marketplace/marketplace.routes.ts';
import { MarketplaceService } from '../apps/api/src/modules/marketplace/marketplace.service.ts';
import { errorsPlugin } from '../apps/api/src/plugins/errors.ts';

const FILTERS: Array<Record<string, string>> = [
  {},
  { element: 'human' },
  { element: 'ai,alien', rarity: 'epic,legendary' },
  { rarity: 'legendary' },
  { element: 'dnc' },
  { price_from: '100', price_to: '500' },
  { element: 'human', price_from: '2000' },
  { element: 'ai', price_to: '50' },
  { rarity: 'common', price_from: '119' },
];
const RUNS = 20;

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };

async function explain(db: Db, query: SQL): Promise<{ ms: number; index: string; text: string }> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query}`);
  const raw = row!['QUERY PLAN'];
  const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }>;
  const indexes: string[] = [];
  const walk = (n: PlanNode) => {
    if (n['Index Name']) indexes.push(`${n['Node Type'].replace('Index Only Scan', 'index-only').replace('Index Scan', 'index')} ${n['Index Name']}`);
    n.Plans?.forEach(walk);
  };
  walk(plan!.Plan);
  return { ms: plan!['Execution Time'] + plan!['Planning Time'], index: indexes[0] ?? plan!.Plan['Node Type'], text: JSON.stringify(plan!.Plan) };
}

async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
}

export async function explainFind(db: Db, opts: { plans?: boolean } = {}) {
  const service = new MarketplaceService({ db });
  // The route as app.ts registers it: query parsing, service, response validation, JSON.
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorsPlugin);
  await app.register(marketplaceRoutes, { prefix: '/api/marketplace', db });
  await app.ready();
  const [total] = await queryRows<{ n: string }>(db, sql`SELECT sum(listed)::text AS n FROM listing_counts`);
  console.log(`\n/api/marketplace/find on ${Number(total!.n).toLocaleString('en-US')} listed items (times in ms; EXPLAIN = planning + execution)`);
  console.log(['filter'.padEnd(42), 'page', '  total', 'EXPLAIN page', 'EXPLAIN total', 'service call', 'HTTP inject', 'page scan'].join(' | '));
  for (const query of FILTERS) {
    for (const page of [1, 100]) {
      const filter = MarketplaceFindQuerySchema.parse({ ...query, page: String(page) });
      const q: ListingQuery = { segments: segmentsFor(filter), priceFromMicro: filter.priceFromMicro, priceToMicro: filter.priceToMicro };
      const countQuery = countFromCountsQuery(q) ?? boundedCountQuery(countFromWhere(q));
      const { capped } = await countListed(db, q);
      const plan = await choosePlan(db, q, capped, page * filter.limit);
      const pageQuery = findListedIdsQuery(q, filter.limit, (page - 1) * filter.limit, plan);
      const [pagePlan, countPlan] = [await explain(db, pageQuery), await explain(db, countQuery)];
      const call = await median(() => service.find(filter));
      const url = `/api/marketplace/find?${new URLSearchParams({ ...query, page: String(page) })}`;
      const http = await median(async () => {
        const res = await app.inject({ method: 'GET', url });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      });
      const result = await service.find(filter);
      const label = new URLSearchParams(query).toString() || '(no filter)';
      console.log(
        [label.padEnd(42), String(page).padStart(4), `${result.total}${result.total_capped ? '+' : ''}`.padStart(7), pagePlan.ms.toFixed(2).padStart(12), countPlan.ms.toFixed(2).padStart(13), call.toFixed(2).padStart(12), http.toFixed(2).padStart(11), pagePlan.index].join(' | '),
      );
      if (opts.plans) console.log(JSON.stringify(plan), pagePlan.text);
    }
  }
  await app.close();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to a seeded database (bench/seed-million.ts).');
  const database = await openDatabase({ url });
  try {
    await explainFind(database.db, { plans: process.argv.includes('--plans') });
  } finally {
    await database.close();
  }
}
