import type { MyAssetsFilter } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import { queryRows, type Database } from '../../db/client.ts';
import { seedDemoCatalogue } from '../catalogue/index.ts';
import { addUser } from './assets.fixtures.ts';
import { grantHousePieces } from './house-pieces.ts';
import { myAssets } from './my-assets.ts';
import { grantShips } from './owned-ships.ts';

const ALL: MyAssetsFilter = {
  elements: null,
  rarities: null,
  kinds: null,
  priceFromMicro: null,
  priceToMicro: null,
  page: 1,
  limit: 100,
};
const noListings = async () => new Map();
const noExplorer = () => null;

describe('My Assets pages: each kind read newest first and merged', () => {
  let database: Database;
  let userId: string;
  const list = async (f: Partial<MyAssetsFilter>) =>
    (await myAssets(database.db, userId, { ...ALL, ...f }, noListings, noExplorer)).data.map(
      (a) => `${a.kind}:${a._id}`,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db);
    userId = await addUser(database.db);
    // 9 ships and 4 unit pieces, acquired on interleaved days, with ties across the kinds and within each
    await database.db.transaction(async (tx) => {
      for (let shipId = 1; shipId <= 9; shipId++)
        await grantShips(tx, { userId, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 0 }] });
      for (const apartment of [3, 7, 11, 15]) await grantHousePieces(tx, { userId, apartment, pieces: 1 });
    });
    await database.db.execute(
      sql`UPDATE owned_ships SET acquired_at = '2026-01-01'::timestamptz + (id % 4) * interval '1 day' WHERE user_id = ${userId}`,
    );
    await database.db.execute(
      sql`UPDATE owned_house_pieces SET acquired_at = '2026-01-01'::timestamptz + (apartment % 3) * interval '1 day' WHERE user_id = ${userId}`,
    );
  }, 120_000);
  afterAll(async () => database?.close());

  it('every page size gives the whole list, in its order, page after page', async () => {
    const whole = await list({});
    expect(whole).toHaveLength(13);
    for (const limit of [1, 2, 3, 5, 13]) {
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(13 / limit) + 1; page++) paged.push(...(await list({ page, limit })));
      expect(paged, `limit ${limit}`).toEqual(whole);
    }
  });

  it('the whole list is newest first, units before ships on the same instant, then the higher id', async () => {
    const rows = await queryRows<{ key: string }>(
      database.db,
      sql`
      SELECT key FROM (
        SELECT 'ship:' || id AS key, acquired_at, 'ship' AS kind, id FROM owned_ships WHERE user_id = ${userId}
        UNION ALL
        SELECT 'house_unit:unit-' || id, acquired_at, 'house_unit', id FROM owned_house_pieces WHERE user_id = ${userId}
      ) m ORDER BY acquired_at DESC, kind, id DESC`,
    );
    expect(await list({})).toEqual(rows.map((r) => r.key));
  });
});
