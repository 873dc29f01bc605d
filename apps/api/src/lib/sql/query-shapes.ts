import { createHash } from 'node:crypto';
import { fillPlaceholders, sql, type Query, type SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';

/**
 * SQL built once per query shape (docs/decisions/0011).
 *
 * The list calls build their SQL from small pieces (segment lists, optional price bounds, one
 * branch per segment); building and compiling that drizzle tree cost about as much CPU as the
 * rest of the request's own code. Here a query is named by its shape: the key says everything
 * that changes the text (which segments, which bounds, which plan), and the values that only
 * change parameters (prices, limit, offset) are drizzle placeholders, filled per call. The
 * text sent to the database is exactly what a fresh build would send; PostgreSQL still plans
 * each call with its own values (unnamed statements), so the plans of docs/decisions/0010 hold.
 */

export type Values = Record<string, unknown>;

/** Enough for every shape the filters produce in practice; past it the oldest are rebuilt on demand. */
const MAX_SHAPES = 500;
const dialect = new PgDialect();
const texts = new Map<string, Query>();
type Prepared = PgPreparedQuery<PreparedQueryConfig & { execute: { rows: unknown[] } }>;
/** Prepared (client-side only) per driver session, so a call does not rebuild the driver's query config. */
const prepared = new WeakMap<object, Map<string, Prepared>>();

function remember<V>(map: Map<string, V>, key: string, value: V): V {
  if (map.size >= MAX_SHAPES) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/** The compiled text and parameters (placeholders included) of the shape `key`. */
export function compiledShape(key: string, build: () => SQL): Query {
  return texts.get(key) ?? remember(texts, key, dialect.sqlToQuery(build()));
}

/** Runs the shape `key` with this call's values; its rows, on PGlite and PostgreSQL alike. */
export async function queryShaped<T>(db: DbOrTx, key: string, build: () => SQL, values: Values = {}): Promise<T[]> {
  const session = db._.session;
  let bySession = prepared.get(session);
  if (!bySession) prepared.set(session, (bySession = new Map()));
  const query =
    bySession.get(key) ??
    remember(bySession, key, session.prepareQuery(compiledShape(key, build), undefined, undefined, false) as Prepared);
  return (await query.execute(values)).rows as T[];
}

/** A statement name per SQL text: the same text always gets the same name, so a connection never sees one name twice. */
const statementNames = new Map<string, string>();
const statementName = (text: string) => {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `sp_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`));
  return name;
};

/**
 * Runs the shape `key` as a named prepared statement: PostgreSQL parses it once per connection
 * and, once it has seen that one generic plan serves every value, plans it once too. Only for
 * queries whose best plan does not depend on the values (a lookup by primary key, say): the
 * list pages' own queries stay unnamed, planned per call (docs/decisions/0010, 0059). PGlite
 * runs it as any other query.
 */
export async function queryNamed<T>(db: DbOrTx, key: string, build: () => SQL, values: Values = {}): Promise<T[]> {
  const session = db._.session;
  let bySession = prepared.get(session);
  if (!bySession) prepared.set(session, (bySession = new Map()));
  const namedKey = `named|${key}`;
  let query = bySession.get(namedKey);
  if (!query) {
    const compiled = compiledShape(namedKey, build);
    query = remember(bySession, namedKey, session.prepareQuery(compiled, undefined, statementName(compiled.sql), false) as Prepared);
  }
  return (await query.execute(values)).rows as T[];
}

/**
 * A shape's SQL with the values bound in place of its placeholders: the same text and
 * parameters, as an SQL object for EXPLAIN and the benchmarks.
 */
export function bindValues(query: SQL, values: Values): SQL {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const bound = fillPlaceholders(params, values);
  // The text alternates literal SQL and parameter numbers: "… $1 … $2 …".
  const parts = text.split(/\$(\d+)/);
  return sql.join(parts.map((part, i) => (i % 2 === 1 ? sql`${bound[Number(part) - 1]}` : sql.raw(part))));
}
