import type { MyOpening, PublicOpening, Redemption } from '@starport/schemas';
import { RARITY_NAMES, verifyOpening, type OddsBps } from '@starport/schemas/fairness';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlindBox, setBoxTiers, tiersOf } from '../../../test/catalogue-fixtures.ts';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { shipsOf } from '../assets/index.ts';
import { createCode } from './operator-codes.ts';
import { REDEEM_MESSAGES } from './redeem.ts';

type Player = { id: string; token: string };

/** Blind-box codes: the boxes open in the redeeming transaction, provably fairly, like bought ones. */
describe('redeem codes that grant blind boxes', () => {
  let t: TestApp;
  let pilot: Player;
  let captain: Player;
  let seq = 0;

  const redeem = (p: Player, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/my/redeem', headers: bearer(p.token), payload: { code } });
  const get = async <T>(p: Player, url: string) => body(await t.app.inject({ method: 'GET', url, headers: bearer(p.token) })) as unknown as T;
  const boxCode = (count: number, uses = 5) =>
    createCode(t.database.db, { code: `BOX-${count}-${++seq}`, grant: { kind: 'blindbox', boxCode: 'frontier', count }, uses, expiresAt: null });
  /** What a refused redemption must leave alone. */
  const snapshot = async (p: Player) => {
    const [row] = await queryRows<{ uses: number; redemptions: number; openings: number; next_nonce: number | null }>(
      t.database.db,
      sql`SELECT (SELECT coalesce(sum(uses), 0)::int FROM redeem_codes) AS uses,
                 (SELECT count(*)::int FROM redeem_redemptions) AS redemptions,
                 (SELECT count(*)::int FROM blind_box_openings) AS openings,
                 (SELECT next_nonce FROM fairness_seeds WHERE user_id = ${p.id} AND revealed_at IS NULL) AS next_nonce`,
    );
    return { ...row, ships: (await shipsOf(t.database.db, p.id)).length, tiers: await tiersOf(t.database.db, 'frontier') };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const sign = (name: string) => t.signUp(name);
    pilot = await sign('pilot');
    captain = await sign('captain');
    await addBlindBox(t.database.db, { code: 'frontier', name: 'Frontier Blind Box' });
  });
  afterAll(async () => t?.close());

  it('opens the boxes at once: the answer says what each gave, the ships are owned, the tiers are taken', async () => {
    const { code } = await boxCode(2);
    const tiersBefore = await tiersOf(t.database.db, 'frontier');
    const res = await redeem(pilot, code);
    expect(res.statusCode).toBe(200);
    const { msg, redemption } = body(res) as unknown as { msg: string; redemption: Redemption };
    expect(redemption).toMatchObject({ kind: 'blindbox', dnc: null, ship: null, box: { code: 'frontier', name: 'Frontier Blind Box', count: 2 } });
    const openings = redemption.box!.openings;
    expect(openings.map((o) => o.nonce)).toEqual([openings[0]!.nonce, openings[0]!.nonce + 1]);
    const gave = openings.map((o) => `${o.ship.name} (${RARITY_NAMES[o.ship.rarity]})`).join(' and ');
    expect(redemption.granted).toBe(`2 × Frontier Blind Box, which gave ${gave}`);
    expect(msg).toBe(`Code redeemed: you received ${redemption.granted}.`);

    // Each ship is a new one of the drawn rarity, in My Assets like a bought box's (no price paid).
    const owned = await shipsOf(t.database.db, pilot.id);
    expect(owned.map((s) => s.shipId).sort()).toEqual(openings.map((o) => Number(o.ship.id)).sort());
    expect(owned.every((s) => s.source === 'blindbox' && s.state === 'available')).toBe(true);
    for (const o of openings) expect(o.ship.rarity).toBe(o.rarity);

    // The drawn tiers are taken from the box's supply, one ship each.
    const taken = [0, 0, 0, 0];
    for (const o of openings) taken[o.rarity]! += 1;
    expect(await tiersOf(t.database.db, 'frontier')).toEqual(tiersBefore.map((s, r) => s - taken[r]!));

    // The history says the same.
    const history = await get<{ data: Redemption[] }>(pilot, '/api/my/redeems');
    expect(history.data.find((r) => r._id === redemption._id)).toEqual(redemption);
  });

  it('the openings verify like an order’s once the seed pair is rotated, and the fairness list shows them with no order', async () => {
    const { code } = await boxCode(1);
    const { redemption } = body(await redeem(captain, code)) as unknown as { redemption: Redemption };
    const [opening] = redemption.box!.openings;
    expect(opening!.server_seed).toBeNull();

    const mine = await get<{ data: MyOpening[] }>(captain, '/api/fairness/openings');
    expect(mine.data).toEqual([{ ...opening, order_code: null }]);

    const rotated = await t.app.inject({ method: 'POST', url: '/api/fairness/rotate', headers: bearer(captain.token) });
    expect(rotated.statusCode).toBe(200);
    const after = (await get<{ data: Redemption[] }>(captain, '/api/my/redeems')).data.find((r) => r._id === redemption._id)!;
    const revealed = after.box!.openings[0]!;
    expect(revealed.server_seed).toMatch(/^[0-9a-f]{64}$/);
    const check = await verifyOpening({
      serverSeed: revealed.server_seed!,
      serverSeedHash: revealed.server_seed_hash,
      clientSeed: revealed.client_seed,
      nonce: revealed.nonce,
      oddsBps: [revealed.odds.common, revealed.odds.rare, revealed.odds.epic, revealed.odds.legend] as OddsBps,
    });
    expect(check).toMatchObject({ hashMatches: true, roll: revealed.roll, rarity: revealed.rarity });

    // The public page of the opening shows the same proof, to anyone.
    const pub = body(await t.app.inject({ method: 'GET', url: `/api/fairness/openings/${revealed.id}` })) as unknown as { data: PublicOpening };
    expect(pub.data).toEqual(revealed);
  });

  it('once per player: a second redemption opens nothing more', async () => {
    const { code } = await boxCode(1);
    expect((await redeem(pilot, code)).statusCode).toBe(200);
    const before = await snapshot(pilot);
    const again = await redeem(pilot, code.toLowerCase());
    expect(again.statusCode).toBe(409);
    expect(body(again)).toMatchObject({ error: true, msg: REDEEM_MESSAGES.already });
    expect(await snapshot(pilot)).toEqual(before);
  });

  it('a box with no ship left of the drawn rarity refuses the redemption, uses nothing up and draws nothing', async () => {
    const { code } = await boxCode(1);
    const tiers = await tiersOf(t.database.db, 'frontier');
    await setBoxTiers(t.database.db, 'frontier', [0, 0, 0, 0]);
    try {
      const before = await snapshot(pilot);
      const res = await redeem(pilot, code);
      expect(res.statusCode).toBe(409);
      expect(body(res).msg).toMatch(/^The Frontier Blind Box has no (Common|Rare|Epic|Legendary) ships left to give\. Nothing was used up/);
      expect(await snapshot(pilot)).toEqual(before);
    } finally {
      await setBoxTiers(t.database.db, 'frontier', tiers);
    }
    // With the supply back, the same code works.
    expect((await redeem(pilot, code)).statusCode).toBe(200);
  });

  it('an opening names exactly one source: an order line or a redemption', async () => {
    const [one] = await queryRows<{ redemption_id: string; order_line_id: string | null }>(
      t.database.db,
      sql`SELECT redemption_id::text AS redemption_id, order_line_id::text AS order_line_id FROM blind_box_openings WHERE redemption_id IS NOT NULL LIMIT 1`,
    );
    expect(one!.order_line_id).toBeNull();
    await expect(
      t.database.db.execute(sql`UPDATE blind_box_openings SET redemption_id = NULL WHERE redemption_id = ${one!.redemption_id}::bigint`),
    ).rejects.toThrow();
  });
});
