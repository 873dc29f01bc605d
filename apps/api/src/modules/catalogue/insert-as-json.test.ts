import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { dncPacks, ships } from '../../db/schema/index.ts';
import { demoShips } from './demo-ships.ts';
import { insertAsJson } from './insert-as-json.ts';
import { Prng } from './prng.ts';

const NOW = new Date('2026-05-01T12:00:00.000Z');

let viaDrizzle: Database;
let viaJson: Database;
beforeAll(async () => {
  [viaDrizzle, viaJson] = await Promise.all([createTestDatabase(), createTestDatabase()]);
}, 120_000);
afterAll(async () => Promise.all([viaDrizzle?.close(), viaJson?.close()]));

/** Rows as JSON in id order; `now` stands for a created_at the database set (it differs by a few ms). */
const dump = async (database: Database, table: string) =>
  (await queryRows<{ row: Record<string, unknown> }>(database.db, sql`SELECT row_to_json(t) AS row FROM ${sql.identifier(table)} t ORDER BY id`)).map(
    ({ row }) => (row.id === 1 && table === 'ships' ? { ...row, created_at: 'now' } : row),
  );

it('writes exactly the rows drizzle insert writes: values, nulls, dates and defaults', async () => {
  // Demo ships (Legendary serials and nulls), and rows leaving out columns that have defaults.
  const shipRows = demoShips(new Prng(7), NOW).slice(0, 300);
  expect(shipRows[0]!.id).toBe(1);
  delete shipRows[0]!.createdAt;
  const packs = [
    { id: 1, name: '1,000 DNC', amount: 1000, priceMicro: 9_990_000 },
    { id: 2, name: '5,000 DNC', amount: 5000, priceMicro: 45_000_000 },
  ];
  await viaDrizzle.db.transaction(async (tx) => {
    await tx.insert(ships).values(shipRows);
    await tx.insert(dncPacks).values(packs);
  });
  await viaJson.db.transaction(async (tx) => {
    await insertAsJson(tx, ships, shipRows);
    await insertAsJson(tx, dncPacks, packs);
  });
  for (const table of ['ships', 'dnc_packs']) {
    const [left, right] = [await dump(viaDrizzle, table), await dump(viaJson, table)];
    expect(right, table).toEqual(left);
  }
  // the row without created_at took the default (now), like drizzle's
  const [first] = await queryRows<{ recent: boolean }>(viaJson.db, sql`SELECT created_at > now() - interval '1 hour' AS recent FROM ships WHERE id = ${shipRows[0]!.id}`);
  expect(first).toEqual({ recent: true });
});
