import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShip } from '../../../test/catalogue-fixtures.ts';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { dncBalance, shipsOf } from '../assets/index.ts';
import { createCode, disableCode } from './operator-codes.ts';
import { REDEEM_MESSAGES } from './redeem.ts';

type Player = { id: string; token: string };

describe('redeem codes: a player redeems, sees what was granted, and is refused clearly', () => {
  let t: TestApp;
  let pilot: Player;
  let captain: Player;
  let seq = 0;
  const redeem = (p: Player, code: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/my/redeem', headers: bearer(p.token), payload: { code } as object });
  const history = async (p: Player) =>
    (body(await t.app.inject({ method: 'GET', url: '/api/my/redeems', headers: bearer(p.token) })) as unknown as { data: { _id: string; granted: string }[] }).data;
  /** Everything a refused redemption must leave as it was. */
  const snapshot = async (p: Player) => {
    const [row] = await queryRows<{ uses: number; redemptions: number }>(
      t.database.db,
      sql`SELECT (SELECT coalesce(sum(uses), 0)::int FROM redeem_codes) AS uses, (SELECT count(*)::int FROM redeem_redemptions) AS redemptions`,
    );
    return { ...row, dnc: await dncBalance(t.database.db, p.id), ships: (await shipsOf(t.database.db, p.id)).length };
  };
  const dncCode = (dnc: number, uses = 5) => createCode(t.database.db, { code: `DNC-${dnc}-${++seq}`, grant: { kind: 'dnc', dnc }, uses, expiresAt: null });

  beforeAll(async () => {
    t = await createTestApp();
    const sign = (name: string) => t.signUp(name);
    pilot = await sign('pilot');
    captain = await sign('captain');
  });
  afterAll(async () => t?.close());

  it('a DNC code, typed in lower case with spaces, credits the balance once and shows in the history', async () => {
    const { code } = await dncCode(2_500);
    const res = await redeem(pilot, `  ${code.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      error: false,
      msg: 'Code redeemed: you received 2,500 DNC.',
      redemption: { kind: 'dnc', dnc: 2_500, ship: null, granted: '2,500 DNC', code_hint: `${code.slice(0, 4)}…` },
    });
    expect(await dncBalance(t.database.db, pilot.id)).toBe(2_500);
    const redemption = (body(res) as unknown as { redemption: { _id: string } }).redemption;
    expect((await history(pilot)).map((r) => r._id)).toContain(redemption._id);
  });

  it('a ship code gives an owned copy of the catalogue ship, which My Assets lists', async () => {
    const shipId = await addShip(t.database.db, 'Redeemed Hawk');
    const { code } = await createCode(t.database.db, { grant: { kind: 'ship', shipId }, uses: 1, expiresAt: null });
    const res = await redeem(captain, code);
    expect(res.statusCode).toBe(200);
    const { redemption } = body(res) as unknown as { redemption: { ship: { asset_id: string; ship_id: number; name: string } } };
    expect(redemption.ship).toMatchObject({ ship_id: shipId, name: 'Redeemed Hawk' });
    expect(body(res).msg).toBe('Code redeemed: you received the ship Redeemed Hawk.');
    const assets = body(await t.app.inject({ method: 'GET', url: '/api/my/assets?kind=ship&limit=100', headers: bearer(captain.token) })) as unknown as {
      data: { _id: string; state: string }[];
    };
    expect(assets.data.find((a) => a._id === redemption.ship.asset_id)).toMatchObject({ state: 'available' });
  });

  describe('every refusal has its own sentence and changes nothing', () => {
    const cases: [string, () => Promise<string>, number, string][] = [
      ['unknown', async () => 'NO-SUCH-CODE', 404, REDEEM_MESSAGES.unknown],
      [
        'expired',
        async () => {
          const { id, code } = await dncCode(10);
          await t.database.db.execute(sql`UPDATE redeem_codes SET expires_at = now() - interval '1 minute' WHERE id = ${id}`);
          return code;
        },
        409,
        REDEEM_MESSAGES.expired,
      ],
      [
        'disabled',
        async () => {
          const { id, code } = await dncCode(10);
          await disableCode(t.database.db, String(id));
          return code;
        },
        409,
        REDEEM_MESSAGES.disabled,
      ],
      [
        'used up (by another player)',
        async () => {
          const { code } = await dncCode(10, 1);
          expect((await redeem(captain, code)).statusCode).toBe(200);
          return code;
        },
        409,
        REDEEM_MESSAGES.usedUp,
      ],
      [
        'already redeemed by this player',
        async () => {
          const { code } = await dncCode(10, 5);
          expect((await redeem(pilot, code)).statusCode).toBe(200);
          return code;
        },
        409,
        REDEEM_MESSAGES.already,
      ],
    ];
    it.each(cases)('%s', async (_name, prepare, status, msg) => {
      const code = await prepare();
      const before = await snapshot(pilot);
      const res = await redeem(pilot, code);
      expect(res.statusCode).toBe(status);
      expect(body(res)).toMatchObject({ error: true, msg });
      expect(await snapshot(pilot)).toEqual(before);
    });
  });

  it('another player’s redemptions: never in my history, and their code’s use is theirs alone', async () => {
    const { code } = await dncCode(77, 2);
    const mine = (body(await redeem(pilot, code)) as unknown as { redemption: { _id: string } }).redemption._id;
    const theirs = await history(captain);
    expect(theirs.map((r) => r._id)).not.toContain(mine);
    // The captain may still redeem the same code: once per player, not once per code.
    expect((await redeem(captain, code)).statusCode).toBe(200);
    expect((await history(pilot)).filter((r) => r._id === mine)).toHaveLength(1);
  });

  it('answers 401 without a session, and 400 for a missing or overlong code', async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/my/redeem', payload: { code: 'X' } });
    expect(anon.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/my/redeems' })).statusCode).toBe(401);
    for (const code of ['', '   ', 'A'.repeat(65), 12, null]) {
      const res = await redeem(pilot, code);
      expect(res.statusCode).toBe(400);
      expect(body(res).error).toBe(true);
    }
  });
});

describe('redeem codes: guesses are rate limited', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('the 11th attempt in the window is a 429 with Retry-After, even with a good code, and grants nothing', async () => {
    t = await createTestApp();
    const id = await t.createUser({ username: 'guesser', email: 'guesser@example.com', password: 'guesser-password-1' });
    const token = (await t.login('guesser', 'guesser-password-1')).access_token;
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/my/redeem', headers: bearer(token), payload: { code: `GUESS-${i}` } });
      expect(res.statusCode).toBe(404);
    }
    const { code } = await createCode(t.database.db, { grant: { kind: 'dnc', dnc: 100 }, uses: 1, expiresAt: null });
    const res = await t.app.inject({ method: 'POST', url: '/api/my/redeem', headers: bearer(token), payload: { code } });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(await dncBalance(t.database.db, id)).toBe(0);
  });
});
