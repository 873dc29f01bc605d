import { sql, type SQL } from 'drizzle-orm';
import { COUNT_CAP } from '@starport/schemas';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { queryShaped, type Values } from './query-shapes.ts';

export type BoundedTotal = { total: number; capped: boolean };

/**
 * Counts the rows of `fromWhere` ("FROM … WHERE …"), but stops at COUNT_CAP: a total beyond
 * the cap answers the cap with `capped: true`. A wide filter then costs at most COUNT_CAP
 * index entries instead of a count over millions (docs/decisions/0010).
 */
export async function boundedCount(db: DbOrTx, fromWhere: SQL, cap = COUNT_CAP): Promise<BoundedTotal> {
  const [row] = await queryRows<{ n: number }>(db, boundedCountQuery(fromWhere, cap));
  return bounded(row?.n ?? 0, cap);
}

/** The same count, its SQL built once for the query shape `shape` (lib/sql/query-shapes.ts). */
export async function boundedCountOfShape(db: DbOrTx, shape: string, fromWhere: () => SQL, values: Values, cap = COUNT_CAP): Promise<BoundedTotal> {
  const [row] = await queryShaped<{ n: number }>(db, `bounded:${cap}|${shape}`, () => boundedCountQuery(fromWhere(), cap), values);
  return bounded(row?.n ?? 0, cap);
}

const bounded = (n: number, cap: number): BoundedTotal => (n > cap ? { total: cap, capped: true } : { total: n, capped: false });

export const boundedCountQuery = (fromWhere: SQL, cap = COUNT_CAP): SQL =>
  sql`SELECT count(*)::int AS n FROM (SELECT 1 ${fromWhere} LIMIT ${cap + 1}) bounded`;
