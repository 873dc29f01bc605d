import { cellOf } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlayer } from '../../../test/catalogue-fixtures.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { openDatabase, queryRows, type Database, type Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { beginCollectionMint, createCollection, creditLandCredit, landCreditBalance, movePlots } from '../assets/index.ts';
import { buyLandWithCredit } from './buy-with-credit.ts';

/** Settles the calls: how many went through, the AppErrors' messages, and anything else (a failure). */
async function settle<T>(calls: Promise<T>[]) {
  const settled = await Promise.allSettled(calls);
  const errors = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  return {
    ok: settled.filter((s) => s.status === 'fulfilled').length,
    refused: errors.filter((e): e is AppError => e instanceof AppError).map((e) => e.message),
    unexpected: errors.filter((e) => !(e instanceof AppError)).map(String),
  };
}

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: land bought by two players at once, and credit spent twice at once', () => {
  let database: Database & { url?: string };
  let second: Database;
  let dbA: Db;
  let dbB: Db;
  let seq = 0;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    second = await openDatabase({ url: database.url!, onConnectionError: () => {} });
    dbA = database.db;
    dbB = second.db;
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  const playerWith = async (credit: number) => {
    const id = await addPlayer(dbA, `lander${++seq}`);
    await dbA.transaction((tx) => creditLandCredit(tx, { userId: id, amount: credit, reason: 'test top-up' }));
    return id;
  };
  const owners = async (cellId: number) =>
    queryRows<{ user_id: string }>(dbA, sql`SELECT user_id::text AS user_id FROM land_plots WHERE cell_id = ${cellId}`);

  it('gives the last free cell to one of two players, and the other keeps their credit', async () => {
    for (let round = 0; round < 5; round++) {
      const cell = cellOf({ lng: 13.4 + round * 0.01, lat: 52.52 });
      const [ana, bo] = [await playerWith(1), await playerWith(1)];
      const result = await settle([
        buyLandWithCredit(dbA, ana, { price: 1, type: 'individual', items: [{ id: cell.id }] }),
        buyLandWithCredit(dbB, bo, { price: 1, type: 'individual', items: [{ id: cell.id }] }),
      ]);
      expect(result.unexpected).toEqual([]);
      expect(result.ok).toBe(1);
      expect(result.refused).toEqual([`Another player already owns one of these plots (${cell.id}). Choose free land and try again.`]);
      const [owner] = await owners(cell.id);
      const loser = owner!.user_id === ana ? bo : ana;
      expect(await landCreditBalance(dbA, owner!.user_id)).toBe(0);
      expect(await landCreditBalance(dbA, loser)).toBe(1);
    }
  });

  it('spends one credit once: of two purchases sent at once with credit for one, one goes through', async () => {
    for (let round = 0; round < 5; round++) {
      const player = await playerWith(1);
      const [a, b] = [cellOf({ lng: -3.7 + round * 0.01, lat: 40.42 }), cellOf({ lng: -3.7 + round * 0.01, lat: 40.43 })];
      const result = await settle([
        buyLandWithCredit(dbA, player, { price: 1, type: 'individual', items: [{ id: a.id }] }),
        buyLandWithCredit(dbB, player, { price: 1, type: 'individual', items: [{ id: b.id }] }),
      ]);
      expect(result.unexpected).toEqual([]);
      expect(result.ok).toBe(1);
      expect(result.refused).toEqual(['Not enough land credit: these plots cost 1 and you have 0. Buy more land credit first.']);
      expect(await landCreditBalance(dbA, player)).toBe(0);
      const [plots] = await queryRows<{ n: number }>(dbA, sql`SELECT count(*)::int AS n FROM land_plots WHERE user_id = ${player}`);
      expect(plots!.n).toBe(1);
    }
  });
});

describe('on PostgreSQL: a move racing a mint request', () => {
  let database: Database & { url?: string };
  let second: Database;
  let seq = 0;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    second = await openDatabase({ url: database.url!, onConnectionError: () => {} });
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it('either moves the plot in before the collection freezes, or refuses the move: never after, never a deadlock', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const player = await addPlayer(database.db, `minter${++seq}`);
      await database.db.transaction((tx) => creditLandCredit(tx, { userId: player, amount: 2, reason: 'test top-up' }));
      const [inside, outside] = [cellOf({ lng: 151.2 + round * 0.01, lat: -33.87 }), cellOf({ lng: 151.2 + round * 0.01, lat: -33.86 })];
      const made = await createAndMoveFor(database.db, player, inside.id);
      await buyLandWithCredit(database.db, player, { price: 1, type: 'individual', items: [{ id: outside.id }] });

      const [move, mint] = await Promise.allSettled([
        database.db.transaction((tx) => movePlots(tx, player, [outside.id], made)),
        second.db.transaction((tx) => beginCollectionMint(tx, player, made)),
      ]);
      expect(move.status).toBe('fulfilled');
      expect(mint).toEqual({ status: 'fulfilled', value: 'minting' });
      const moved = (move as PromiseFulfilledResult<Awaited<ReturnType<typeof movePlots>>>).value;
      const [where] = await queryRows<{ collection_id: string | null }>(database.db, sql`SELECT collection_id::text AS collection_id FROM land_plots WHERE cell_id = ${outside.id}`);
      if (moved.ok) expect(Number(where!.collection_id)).toBe(made);
      else {
        expect(moved).toMatchObject({ ok: false, reason: 'frozen' });
        expect(where!.collection_id).toBeNull();
      }
      outcomes.add(moved.ok ? 'moved first' : 'frozen first');
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

async function createAndMoveFor(db: Db, userId: string, cellId: number): Promise<number> {
  await buyLandWithCredit(db, userId, { price: 1, type: 'individual', items: [{ id: cellId }] });
  return db.transaction(async (tx) => {
    const id = await createCollection(tx, userId, 'Harbour');
    const outcome = await movePlots(tx, userId, [cellId], id);
    if (!outcome.ok) throw new Error('the setup move failed');
    return id;
  });
}
