import { verifyOpening } from '@starport/schemas/fairness';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { blindBoxes, blindBoxTiers } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { createCode } from '../redeem/index.ts';

type Box = {
  entry: string;
  source: 'order' | 'redeem';
  order: string | null;
  order_status: string | null;
  state: string;
  total: number;
  sell_price: number | null;
  box: { code: string; name: string; image: string };
  openings: {
    id: string;
    server_seed: string | null;
    server_seed_hash: string;
    client_seed: string;
    nonce: number;
    roll: number;
    rarity: number;
    odds: { common: number; rare: number; epic: number; legend: number };
  }[];
};
type Page = { boxes: Box[]; total: number; page: number; limit: number };

describe('GET /api/my/blindboxes', () => {
  let t: TestApp;
  let seq = 0;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const pageOf = async (token: string, query = '') => {
    const res = await get(`/api/my/blindboxes${query}`, token);
    expect(res.statusCode).toBe(200);
    return body(res).data as Page;
  };

  /** An order of `boxes` Frontier boxes in `status`; a paid one is fulfilled by the app's own job. */
  async function buyBoxes(userId: string, boxes: number, status: 'paid' | 'pending' | 'cancelled' | 'expired'): Promise<string> {
    const code = `SP-MB${String(++seq).padStart(8, '0')}`;
    const total = 250_000_000 * boxes;
    const db = t.database.db;
    const [order] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO orders (code, user_id, status, method, totalsub_micro, discount_micro, total_micro, discount_bps, expires_at, paid_at, created_at)
          VALUES (${code}, ${userId}, ${status}, 'card', ${total}, 0, ${total}, 0, now() + interval '15 minutes',
                  ${status === 'paid' ? sql`now()` : sql`NULL`}, now() + ${seq} * interval '1 second') RETURNING id::int AS id`,
    );
    await db.execute(
      sql`INSERT INTO order_lines (order_id, object, blind_box_code, name, quantity, unit_sell_price_micro, unit_list_price_micro)
          VALUES (${order!.id}, 'blindbox', 'frontier', 'Frontier Blind Box', ${boxes}, 250000000, 1000000000)`,
    );
    if (status !== 'paid') return code;
    await db.execute(
      sql`INSERT INTO blind_box_reservations (order_id, box_code, quantity, consumed_at) VALUES (${order!.id}, 'frontier', ${boxes}, now())`,
    );
    await db.execute(sql`UPDATE blind_box_tiers SET supply = supply - ${boxes} WHERE box_code = 'frontier'`);
    await enqueueJob(db, 'order.fulfil', { orderId: order!.id }, { dedupeKey: `order.fulfil:${order!.id}` });
    await t.drainJobs();
    return code;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const sign = (name: string) => t.signUp(name);
    alice = await sign('alice');
    bob = await sign('bob');
    await t.database.db.insert(blindBoxes).values({
      code: 'frontier',
      name: 'Frontier Blind Box',
      description: 'A box for tests.',
      salePriceMicro: 250_000_000,
      listPriceMicro: 1_000_000_000,
      oddsCommonBps: 7000,
      oddsRareBps: 2200,
      oddsEpicBps: 700,
      oddsLegendaryBps: 100,
    });
    await t.database.db.insert(blindBoxTiers).values([0, 1, 2, 3].map((rarity) => ({ boxCode: 'frontier', rarity, supply: 1000 })));
  });
  afterAll(async () => t?.close());

  it('asks for sign-in', async () => {
    const res = await get('/api/my/blindboxes');
    expect(res.statusCode).toBe(401);
    expect(body(res)).toMatchObject({ error: true, code: 'UNAUTHORIZED' });
  });

  it('is empty for a player who never bought a box', async () => {
    expect(await pageOf(bob.token)).toEqual({ boxes: [], total: 0, page: 1, limit: 20 });
  });

  it('lists paid boxes with what each gave, pending ones awaiting payment, and leaves out closed orders', async () => {
    const paid = await buyBoxes(alice.id, 3, 'paid');
    await buyBoxes(alice.id, 1, 'cancelled');
    await buyBoxes(alice.id, 1, 'expired');
    const pending = await buyBoxes(alice.id, 2, 'pending');
    await buyBoxes(bob.id, 1, 'paid');

    const { boxes, total } = await pageOf(alice.token);
    expect(total).toBe(2);
    expect(boxes.map((b) => [b.order, b.state, b.total])).toEqual([
      [pending, 'awaiting_payment', 2],
      [paid, 'opened', 3],
    ]);
    expect(boxes[0]!.openings).toEqual([]);
    expect(boxes[1]).toMatchObject({ order_status: 'fulfilled', sell_price: 250, box: { code: 'frontier', name: 'Frontier Blind Box' } });
    expect(boxes[1]!.box.image).toMatch(/^\/images\//);
    expect(boxes[1]!.openings).toHaveLength(3);
    // The same openings, with the same proof, as the fairness list.
    const fairness = await get('/api/fairness/openings?limit=100', alice.token);
    const listed = (body(fairness).data as { id: string }[]).map((o) => o.id).sort();
    expect(boxes[1]!.openings.map((o) => o.id).sort()).toEqual(listed);
    // Bob sees only his own box.
    const bobs = await pageOf(bob.token);
    expect(bobs.boxes.map((b) => b.total)).toEqual([1]);
    expect(bobs.boxes[0]!.openings.map((o) => o.id)).not.toContain(listed[0]);
  });

  it('proves each box once its seed pair is revealed', async () => {
    const rotated = await t.app.inject({ method: 'POST', url: '/api/fairness/rotate', headers: bearer(alice.token) });
    expect(rotated.statusCode).toBe(200);
    const opened = (await pageOf(alice.token)).boxes.find((b) => b.state === 'opened')!;
    for (const o of opened.openings) {
      expect(o.server_seed).not.toBeNull();
      const oddsBps = [o.odds.common, o.odds.rare, o.odds.epic, o.odds.legend] as const;
      const check = await verifyOpening({ serverSeed: o.server_seed!, serverSeedHash: o.server_seed_hash, clientSeed: o.client_seed, nonce: o.nonce, oddsBps });
      expect(check).toMatchObject({ hashMatches: true, roll: o.roll, rarity: o.rarity });
    }
  });

  it('says a refunded order’s boxes were refunded and keeps what they gave', async () => {
    const code = await buyBoxes(alice.id, 1, 'paid');
    await t.database.db.execute(sql`UPDATE orders SET status = 'refunded' WHERE code = ${code}`);
    const refunded = (await pageOf(alice.token)).boxes.find((b) => b.order === code)!;
    expect(refunded).toMatchObject({ state: 'refunded', order_status: 'refunded' });
    expect(refunded.openings).toHaveLength(1);
  });

  it('pages newest first and answers a page past the end with no boxes', async () => {
    const first = await pageOf(alice.token, '?limit=1');
    const second = await pageOf(alice.token, '?limit=1&page=2');
    expect(first).toMatchObject({ total: 3, page: 1, limit: 1 });
    expect(first.boxes[0]!.order).not.toBe(second.boxes[0]!.order);
    expect((await pageOf(alice.token, '?page=9')).boxes).toEqual([]);
  });

  it('lists the boxes a redeem code gave as one entry, with no order or price, and pages them with the rest', async () => {
    const before = await pageOf(bob.token);
    const { code } = await createCode(t.database.db, { grant: { kind: 'blindbox', boxCode: 'frontier', count: 2 }, uses: 1, expiresAt: null });
    const redeemed = await t.app.inject({ method: 'POST', url: '/api/my/redeem', headers: bearer(bob.token), payload: { code } });
    expect(redeemed.statusCode).toBe(200);
    const { redemption } = body(redeemed) as unknown as { redemption: { _id: string; box: { openings: { id: string }[] } } };

    const after = await pageOf(bob.token);
    expect(after.total).toBe(before.total + 1);
    const entry = after.boxes.find((b) => b.source === 'redeem')!;
    expect(entry).toMatchObject({
      entry: `redemption-${redemption._id}`,
      order: null,
      order_status: null,
      state: 'opened',
      total: 2,
      sell_price: null,
      box: { code: 'frontier', name: 'Frontier Blind Box' },
    });
    expect(entry.openings.map((o) => o.id)).toEqual(redemption.box.openings.map((o) => o.id));
    // One entry a page: every entry once, the redemption's included.
    const paged = await Promise.all([1, 2].map((p) => pageOf(bob.token, `?limit=1&page=${p}`)));
    expect(paged.flatMap((pg) => pg.boxes.map((b) => b.entry)).sort()).toEqual(after.boxes.map((b) => b.entry).sort());
  });

  it.each([
    ['?page=0', 'page must be at least 1.'],
    ['?page=x', 'page must be a whole number.'],
    ['?limit=101', 'limit must be at most 100.'],
  ])('refuses %s with a 400 saying why', async (query, msg) => {
    const res = await get(`/api/my/blindboxes${query}`, alice.token);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ error: true, msg: expect.stringContaining(msg) });
  });
});
