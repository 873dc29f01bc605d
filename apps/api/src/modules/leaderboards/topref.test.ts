import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, getJson, type CatalogueTestApp } from '../../../test/catalogue-test-app.ts';
import { users } from '../../db/schema/index.ts';

type Board = {
  error: boolean;
  data: Array<{ _id: string; rank: number; user_name: string; avatar: string | null; point_number: number }>;
  total: number;
  period: string;
};

describe('GET /api/leaderboards/topref', () => {
  let t: CatalogueTestApp;
  beforeAll(async () => {
    t = await createCatalogueTestApp({ seed: false, now: new Date('2026-05-20T10:00:00Z') });
  });
  afterAll(() => t.close());

  const board = async (query = '') => {
    const res = await getJson<Board>(t.app, `/api/leaderboards/topref?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it('is an empty list while nobody has referred anyone', async () => {
    expect(await board()).toEqual({ error: false, data: [], total: 0, period: 'month' });
  });

  it('ranks referrers by sign-ups with their code this month, named by their account', async () => {
    const { db } = t.database;
    const wallet = `0x${'a'.repeat(40)}`;
    const [nova] = await db
      .insert(users)
      .values({ username: 'nova', walletAddress: wallet })
      .returning({ id: users.id });
    const stranger = `0x${'b'.repeat(40)}`;
    const thisMonth = new Date('2026-05-03T00:00:00Z');
    const lastMonth = new Date('2026-04-28T00:00:00Z');
    const signUps = [
      ...Array.from({ length: 3 }, (_, i) => ({
        username: `a${i}`,
        walletRef: wallet.toUpperCase().replace('0X', '0x'),
        createdAt: thisMonth,
      })),
      ...Array.from({ length: 2 }, (_, i) => ({ username: `b${i}`, walletRef: stranger, createdAt: thisMonth })),
      ...Array.from({ length: 5 }, (_, i) => ({ username: `c${i}`, walletRef: stranger, createdAt: lastMonth })),
      { username: 'nobody', walletRef: null, createdAt: thisMonth },
    ];
    await db.insert(users).values(signUps);

    expect(await board()).toEqual({
      error: false,
      period: 'month',
      total: 2,
      data: [
        { _id: nova!.id, rank: 1, user_name: 'nova', avatar: null, point_number: 3 },
        { _id: stranger, rank: 2, user_name: '0xbbb...bbbbb', avatar: null, point_number: 2 },
      ],
    });
    const all = await board('period=all');
    expect(all.data.map((r) => [r.rank, r.user_name, r.point_number])).toEqual([
      [1, '0xbbb...bbbbb', 7],
      [2, 'nova', 3],
    ]);
    const second = await board('period=all&limit=1&page=2');
    expect(second).toMatchObject({ total: 2, data: [{ rank: 2, user_name: 'nova' }] });
    // A player's avatar shows beside the name (its 300x300 URL).
    await db.update(users).set({ avatar: 'ab'.repeat(16) }).where(eq(users.id, nova!.id));
    expect((await board('period=all&limit=1&page=2')).data[0]?.avatar).toBe(`/api/account/avatars/${'ab'.repeat(16)}-300.webp`);
  });

  it('never shows a hand-typed code or an e-mail address on the public board', async () => {
    const { db } = t.database;
    const before = await board('period=all');
    const thisMonth = new Date('2026-05-04T00:00:00Z');
    // The `code` link parameter is free text: these name no player and must not be ranked.
    const typed = ['ada@example.com', 'friend42', `0x${'c'.repeat(39)}`, `0x${'d'.repeat(40)}-x`];
    await db
      .insert(users)
      .values(
        typed.flatMap((code, i) =>
          Array.from({ length: 9 }, (_, j) => ({ username: `t${i}_${j}`, walletRef: code, createdAt: thisMonth })),
        ),
      );
    // An account name that looks like an e-mail (older rows) is cut before it is shown.
    const wallet = `0x${'e'.repeat(40)}`;
    await db.insert(users).values({ username: 'zed@example.com', walletAddress: wallet });
    await db
      .insert(users)
      .values(Array.from({ length: 8 }, (_, i) => ({ username: `z${i}`, walletRef: wallet, createdAt: thisMonth })));
    const after = await board('period=all');
    expect(after.total).toBe(before.total + 1);
    expect(after.data[0]).toMatchObject({ rank: 1, user_name: 'z***', point_number: 8 });
    expect(JSON.stringify(after)).not.toMatch(/@|example|friend42|0xccc|0xddd/);
  });

  it('answers bad paging or periods with 400', async () => {
    for (const [q, msg] of [
      ['period=year', "period must be 'month' or 'all'."],
      ['limit=101', 'limit must be at most 100.'],
      ['page=0', 'page must be at least 1.'],
    ]) {
      const res = await getJson(t.app, `/api/leaderboards/topref?${q}`);
      expect(res).toMatchObject({ status: 400, body: { error: true, code: 'BAD_REQUEST', msg } });
    }
  });
});
