import { cellOf } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addPlayer } from '../../../test/catalogue-fixtures.ts';
import { settle, usePostgresPair } from '../../../test/postgres-pair.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { beginCollectionMint, createCollection, creditLandCredit, landCreditBalance, movePlots } from '../assets/index.ts';
import { buyLandWithCredit } from './buy-with-credit.ts';

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: land bought by two players at once, and credit spent twice at once', () => {
  const pair = usePostgresPair();
  let seq = 0;

  const playerWith = async (credit: number) => {
    const id = await addPlayer(pair.first, `lander${++seq}`);
    await pair.first.transaction((tx) => creditLandCredit(tx, { userId: id, amount: credit, reason: 'test top-up' }));
    return id;
  };
  const owners = async (cellId: number) =>
    queryRows<{ user_id: string }>(pair.first, sql`SELECT user_id::text AS user_id FROM land_plots WHERE cell_id = ${cellId}`);

  it('gives the last free cell to one of two players, and the other keeps their credit', async () => {
    for (let round = 0; round < 5; round++) {
      const cell = cellOf({ lng: 13.4 + round * 0.01, lat: 52.52 });
      const [ana, bo] = [await playerWith(1), await playerWith(1)];
      const result = await settle([
        buyLandWithCredit(pair.first, ana, { price: 1, type: 'individual', items: [{ id: cell.id }] }),
        buyLandWithCredit(pair.second, bo, { price: 1, type: 'individual', items: [{ id: cell.id }] }),
      ]);
      expect(result.unexpected).toEqual([]);
      expect(result.ok).toHaveLength(1);
      expect(result.refused).toEqual([`Another player already owns one of these plots (${cell.id}). Choose free land and try again.`]);
      const [owner] = await owners(cell.id);
      const loser = owner!.user_id === ana ? bo : ana;
      expect(await landCreditBalance(pair.first, owner!.user_id)).toBe(0);
      expect(await landCreditBalance(pair.first, loser)).toBe(1);
    }
  });

  it('spends one credit once: of two purchases sent at once with credit for one, one goes through', async () => {
    for (let round = 0; round < 5; round++) {
      const player = await playerWith(1);
      const [a, b] = [cellOf({ lng: -3.7 + round * 0.01, lat: 40.42 }), cellOf({ lng: -3.7 + round * 0.01, lat: 40.43 })];
      const result = await settle([
        buyLandWithCredit(pair.first, player, { price: 1, type: 'individual', items: [{ id: a.id }] }),
        buyLandWithCredit(pair.second, player, { price: 1, type: 'individual', items: [{ id: b.id }] }),
      ]);
      expect(result.unexpected).toEqual([]);
      expect(result.ok).toHaveLength(1);
      expect(result.refused).toEqual(['Not enough land credit: these plots cost 1 and you have 0. Buy more land credit first.']);
      expect(await landCreditBalance(pair.first, player)).toBe(0);
      const [plots] = await queryRows<{ n: number }>(pair.first, sql`SELECT count(*)::int AS n FROM land_plots WHERE user_id = ${player}`);
      expect(plots!.n).toBe(1);
    }
  });
});

describe('on PostgreSQL: a move racing a mint request', () => {
  const pair = usePostgresPair();
  let seq = 0;

  it('either moves the plot in before the collection freezes, or refuses the move: never after, never a deadlock', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const player = await addPlayer(pair.first, `minter${++seq}`);
      await pair.first.transaction((tx) => creditLandCredit(tx, { userId: player, amount: 2, reason: 'test top-up' }));
      const [inside, outside] = [cellOf({ lng: 151.2 + round * 0.01, lat: -33.87 }), cellOf({ lng: 151.2 + round * 0.01, lat: -33.86 })];
      const made = await createAndMoveFor(pair.first, player, inside.id);
      await buyLandWithCredit(pair.first, player, { price: 1, type: 'individual', items: [{ id: outside.id }] });

      const [move, mint] = await Promise.allSettled([
        pair.first.transaction((tx) => movePlots(tx, player, [outside.id], made)),
        pair.second.transaction((tx) => beginCollectionMint(tx, player, made)),
      ]);
      expect(move.status).toBe('fulfilled');
      expect(mint).toEqual({ status: 'fulfilled', value: 'minting' });
      const moved = (move as PromiseFulfilledResult<Awaited<ReturnType<typeof movePlots>>>).value;
      const [where] = await queryRows<{ collection_id: string | null }>(pair.first, sql`SELECT collection_id::text AS collection_id FROM land_plots WHERE cell_id = ${outside.id}`);
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
