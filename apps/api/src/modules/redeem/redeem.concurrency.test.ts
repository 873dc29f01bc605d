import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addBlindBox, addPlayer, tiersOf } from '../../../test/catalogue-fixtures.ts';
import { settle, usePostgresPair } from '../../../test/postgres-pair.ts';
import { queryRows, type Db } from '../../db/client.ts';
import { dncBalance, shipsOf } from '../assets/index.ts';
import { createCode } from './operator-codes.ts';
import { REDEEM_MESSAGES, redeemCode } from './redeem.ts';

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: redeem codes raced by many players and by one player twice', () => {
  const pair = usePostgresPair();
  let dbA: Db;
  let dbB: Db;
  let seq = 0;

  beforeAll(async () => {
    dbA = pair.first;
    dbB = pair.second;
    await addBlindBox(dbA, { code: 'frontier', name: 'Frontier Blind Box' });
  });

  const counts = async (codeId: number) =>
    (
      await queryRows<{ uses: number; redemptions: number; credited: number }>(
        dbA,
        sql`SELECT (SELECT uses FROM redeem_codes WHERE id = ${codeId}) AS uses,
                   (SELECT count(*)::int FROM redeem_redemptions WHERE code_id = ${codeId}) AS redemptions,
                   (SELECT count(*)::int FROM dnc_ledger WHERE reason = ${`redeem code ${codeId}`}) AS credited`,
      )
    )[0]!;

  it('a code with one use redeemed by ten players at once → exactly one grant', async () => {
    for (let round = 0; round < 3; round++) {
      const players = await Promise.all(Array.from({ length: 10 }, () => addPlayer(dbA, `racer${++seq}`)));
      const { id, code } = await createCode(dbA, { grant: { kind: 'dnc', dnc: 1_000 }, uses: 1, expiresAt: null });
      const { ok, refused, unexpected } = await settle(players.map((p, i) => redeemCode(i % 2 ? dbB : dbA, p, code)));
      expect(unexpected).toEqual([]);
      expect(ok).toHaveLength(1);
      expect(refused).toEqual(Array(9).fill(REDEEM_MESSAGES.usedUp));
      expect(await counts(id)).toEqual({ uses: 1, redemptions: 1, credited: 1 });
      const balances = await Promise.all(players.map((p) => dncBalance(dbA, p)));
      expect(balances.filter((b) => b === 1_000)).toHaveLength(1);
      expect(balances.filter((b) => b === 0)).toHaveLength(9);
    }
  });

  it('a blind-box code with one use redeemed by ten players at once → exactly one box opened', async () => {
    for (let round = 0; round < 3; round++) {
      const players = await Promise.all(Array.from({ length: 10 }, () => addPlayer(dbA, `boxracer${++seq}`)));
      const { id, code } = await createCode(dbA, { grant: { kind: 'blindbox', boxCode: 'frontier', count: 1 }, uses: 1, expiresAt: null });
      const tiers = (await tiersOf(dbA, 'frontier')).reduce((a, b) => a + b, 0);
      const { ok, refused, unexpected } = await settle(players.map((p, i) => redeemCode(i % 2 ? dbB : dbA, p, code)));
      expect(unexpected).toEqual([]);
      expect(ok).toHaveLength(1);
      expect(ok[0]!.box!.openings).toHaveLength(1);
      expect(refused).toEqual(Array(9).fill(REDEEM_MESSAGES.usedUp));
      const [row] = await queryRows<{ uses: number; redemptions: number; openings: number }>(
        dbA,
        sql`SELECT (SELECT uses FROM redeem_codes WHERE id = ${id}) AS uses,
                   (SELECT count(*)::int FROM redeem_redemptions WHERE code_id = ${id}) AS redemptions,
                   (SELECT count(*)::int FROM blind_box_openings o JOIN redeem_redemptions r ON r.id = o.redemption_id WHERE r.code_id = ${id}) AS openings`,
      );
      expect(row).toEqual({ uses: 1, redemptions: 1, openings: 1 });
      const ships = await Promise.all(players.map((p) => shipsOf(dbA, p)));
      expect(ships.map((s) => s.length).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
      expect((await tiersOf(dbA, 'frontier')).reduce((a, b) => a + b, 0)).toBe(tiers - 1);
    }
  });

  it('the same player sends the same code twice at once → one grant, and the code keeps its other uses', async () => {
    for (let round = 0; round < 5; round++) {
      const player = await addPlayer(dbA, `twice${++seq}`);
      const { id, code } = await createCode(dbA, { grant: { kind: 'dnc', dnc: 300 }, uses: 5, expiresAt: null });
      const { ok, refused, unexpected } = await settle([redeemCode(dbA, player, code), redeemCode(dbB, player, code.toLowerCase())]);
      expect(unexpected).toEqual([]);
      expect(ok).toHaveLength(1);
      expect(refused).toEqual([REDEEM_MESSAGES.already]);
      expect(await counts(id)).toEqual({ uses: 1, redemptions: 1, credited: 1 });
      expect(await dncBalance(dbA, player)).toBe(300);
    }
  });
});
