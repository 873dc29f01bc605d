import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { bindValues, compiledShape, queryNamed, queryShaped } from './query-shapes.ts';

describe('query shapes', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const build = (withMax: boolean) => () =>
    sql`SELECT g::int AS n FROM generate_series(1, 10) g WHERE g >= ${sql.placeholder('min')} ${withMax ? sql`AND g <= ${sql.placeholder('max')}` : sql``} ORDER BY g`;

  it('build the text once per key and fill each call’s values', async () => {
    let builds = 0;
    const counted = () => (builds++, build(true)());
    const key = `test|${Math.random()}`;
    const run = (min: number, max: number) => queryShaped<{ n: number }>(database.db, key, counted, { min, max });
    expect((await run(3, 5)).map((r) => r.n)).toEqual([3, 4, 5]);
    expect((await run(8, 20)).map((r) => r.n)).toEqual([8, 9, 10]);
    expect(builds).toBe(1);
    // Another shape is another text.
    expect(
      (await queryShaped<{ n: number }>(database.db, `${key}|no-max`, build(false), { min: 9 })).map((r) => r.n),
    ).toEqual([9, 10]);
  });

  it('run inside a transaction too', async () => {
    const rows = await database.db.transaction((tx) =>
      queryShaped<{ n: number }>(tx, 'test|tx', build(true), { min: 1, max: 2 }),
    );
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
  });

  it('run a named statement with each call’s values, the same name for the same text on every connection', async () => {
    const key = `test|named|${Math.random()}`;
    const run = (tx: typeof database.db, min: number, max: number) => queryNamed<{ n: number }>(tx, key, build(true), { min, max });
    const { first, second, prepared } = await database.db.transaction(async (tx) => {
      const first = await run(tx, 2, 3);
      const second = await run(tx, 9, 12);
      // PostgreSQL lists the statements this connection has prepared; PGlite has none to list.
      const prepared = process.env.DATABASE_URL
        ? await queryRows<{ name: string }>(tx, sql`SELECT name FROM pg_prepared_statements WHERE name LIKE 'sp_%'`)
        : undefined;
      return { first, second, prepared };
    });
    expect(first.map((r) => r.n)).toEqual([2, 3]);
    expect(second.map((r) => r.n)).toEqual([9, 10]);
    if (prepared) expect(prepared).toHaveLength(1);
    // From the pool, on whichever connection: still the right rows.
    expect((await run(database.db, 5, 5)).map((r) => r.n)).toEqual([5]);
  });

  it('bind values into the same text and parameters a call sends', () => {
    const query = compiledShape('test|bind', build(true));
    const bound = new PgDialect().sqlToQuery(bindValues(build(true)(), { min: 4, max: 7 }));
    expect(bound.sql).toBe(query.sql);
    expect(bound.params).toEqual([4, 7]);
  });
});
