import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { bindValues, compiledShape, queryShaped } from './query-shapes.ts';

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

  it('bind values into the same text and parameters a call sends', () => {
    const query = compiledShape('test|bind', build(true));
    const bound = new PgDialect().sqlToQuery(bindValues(build(true)(), { min: 4, max: 7 }));
    expect(bound.sql).toBe(query.sql);
    expect(bound.params).toEqual([4, 7]);
  });
});
