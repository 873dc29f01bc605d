import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';

/** Rows a statement carries: one JSON parameter of a few MB at most. */
const CHUNK = 2000;

/**
 * Inserts many rows with one parameter per statement: the rows as JSON, which PostgreSQL turns
 * back into the table's own row type (json_populate_recordset). Why: drizzle's multi-row
 * insert builds a parameter per value through its query builder (17 × 3000 for the demo ships),
 * and that was about half of the demo seed's time on a first start (issue 21).
 *
 * The same rows as drizzle's insert writes: each value goes through its column's
 * mapToDriverValue, as drizzle does it, and a column a row leaves out (undefined) takes the
 * column's default. Rows that set different columns are inserted in separate statements, one
 * per set of columns (the demo's rows carry their ids, so the order of the statements changes
 * nothing). Not for json columns, whose driver value is already text.
 */
export async function insertAsJson<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  const columns = getTableColumns(table);
  const groups = new Map<string, { keys: string[]; rows: Record<string, unknown>[] }>();
  for (const row of rows as Record<string, unknown>[]) {
    const keys = Object.keys(columns).filter((key) => row[key] !== undefined);
    const signature = keys.join(',');
    const group = groups.get(signature) ?? { keys, rows: [] };
    groups.set(signature, group);
    group.rows.push(row);
  }
  for (const { keys, rows: groupRows } of groups.values()) {
    for (const key of keys) {
      if (columns[key]!.dataType === 'json') throw new Error(`insertAsJson: ${getTableName(table)}.${key} is a json column`);
    }
    const names = sql.join(keys.map((key) => sql.identifier(columns[key]!.name)), sql`, `);
    for (let i = 0; i < groupRows.length; i += CHUNK) {
      const json = groupRows.slice(i, i + CHUNK).map((row) => Object.fromEntries(keys.map((key) => [columns[key]!.name, columns[key]!.mapToDriverValue(row[key])])));
      await tx.execute(
        sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${table}, ${JSON.stringify(json)}::json)`,
      );
    }
  }
}
