import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { housePiecesOf } from '../assets/index.ts';
import { post, seedCatalogue, startMintWorld, unitBalanceOf, unitOwner, type MintWorld } from './minting.fixtures.ts';

/**
 * QUALITY.md "no balance goes below zero under concurrent spends", on real PostgreSQL (PGlite
 * runs one transaction at a time and would hide the race): withdrawals of one player's pieces
 * at once take at most what the player holds, and the chain gets exactly what was taken.
 */
describe('on PostgreSQL: unit withdrawals at once cannot overdraw', () => {
  let w: MintWorld;

  beforeAll(async () => {
    w = await startMintWorld({ postgres: true });
    await seedCatalogue(w.t);
  });
  afterAll(async () => w?.stop());

  it('four withdrawals of 3 against 5 pieces: one is queued, three refused, the balance never negative', async () => {
    for (let round = 0; round < 3; round++) {
      const apartment = 40 + round; // Type 2
      const o = await unitOwner(w.t, w.chain, `unitracer${round}`, { walletIndex: 1 + round, grants: [[apartment, 5]] });
      const answers = await Promise.all([0, 1, 2, 3].map(() => post(w.t, o.token, '/api/units/withdraw', { apartment, pieces: 3 })));
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 409, 409, 409]);
      expect(await housePiecesOf(w.t.database.db, o.userId)).toEqual([{ apartment, pieces: 2 }]);
      const [taken] = await queryRows<{ n: number }>(
        w.t.database.db,
        sql`SELECT coalesce(sum(pieces), 0)::int AS n FROM house_piece_withdrawals WHERE user_id = ${o.userId} AND status <> 'returned'`,
      );
      expect(taken!.n).toBe(3);
      await w.t.drainJobs();
      expect(await unitBalanceOf(w.chain, o.wallet!, 2)).toBe(3n);
    }
  });

  it('withdrawals of different apartments of one player at once all pass when each is covered', async () => {
    const o = await unitOwner(w.t, w.chain, 'unitspread', { walletIndex: 8, grants: [[90, 2], [91, 2], [92, 2]] });
    const answers = await Promise.all([90, 91, 92].map((apartment) => post(w.t, o.token, '/api/units/withdraw', { apartment, pieces: 2 })));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    await w.t.drainJobs();
    expect(await unitBalanceOf(w.chain, o.wallet!, 4)).toBe(6n);
    expect(await housePiecesOf(w.t.database.db, o.userId)).toEqual([]);
  });
});
