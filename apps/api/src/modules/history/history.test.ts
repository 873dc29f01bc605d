import type { HistoryEntry, MyHistoryResponse } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopLine } from '../../../test/catalogue-fixtures.ts';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { creditProceeds } from '../assets/index.ts';
import { OrdersService } from '../orders/index.ts';
import { createCode, redeemCode } from '../redeem/index.ts';

const USD = 1_000_000n;
const WALLET_A = `0x${'a'.repeat(40)}`;

describe('GET /api/my/history: the player’s purchases, refunds, sales, referral rewards, codes and penguin DNC, newest first', () => {
  let t: TestApp;
  let orders: OrdersService;
  let shipLine: string;
  const players: Record<string, { id: string; token: string }> = {};

  const sign = async (name: string, opts: { wallet?: string; ref?: string } = {}) => {
    players[name] = await t.signUp(name, opts);
    if (opts.ref) await t.database.db.execute(sql`UPDATE users SET wallet_ref = ${opts.ref} WHERE id = ${players[name].id}`);
  };
  const history = async (name: string, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/my/history${query}`, headers: bearer(players[name]!.token) });
    expect(res.statusCode, res.body).toBe(200);
    return body(res) as unknown as MyHistoryResponse;
  };
  /** Every entry, read `limit` at a time by following the cursors. */
  const walk = async (name: string, limit: number) => {
    const seen: HistoryEntry[] = [];
    let cursor: string | null = null;
    do {
      const page: MyHistoryResponse = await history(name, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(limit);
      seen.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    return seen;
  };
  const buyShips = async (name: string, copies: number) => {
    const order = await orders.openOrder(players[name]!.id, [{ id: shipLine, total: copies, object: 'spaceship' }], 'card');
    expect(await orders.markPaid(order.id, { provider: 'sandbox', eventId: `evt_${order.code}`, amountMicro: BigInt(order.total_micro) })).toBe('paid');
    await t.drainJobs();
    return order;
  };

  beforeAll(async () => {
    t = await createTestApp();
    orders = new OrdersService({ db: t.database.db, reservationMinutes: 30 });
    shipLine = (await addShopLine(t.database.db, { stock: 100, sellMicro: 40n * USD, name: 'History Skiff' })).id;
    await sign('ada', { wallet: WALLET_A });
    await sign('ben', { ref: WALLET_A });
    await sign('cal');

    // ben buys twice (ada earns a referral reward each time), and his second order is refunded.
    const first = await buyShips('ben', 1);
    const second = await buyShips('ben', 2);
    await t.database.db.execute(sql`UPDATE orders SET status = 'refunded', updated_at = now() WHERE code = ${second.code}`);
    // An order left unpaid moved no money: it is not history.
    await orders.openOrder(players.ben!.id, [{ id: shipLine, total: 1, object: 'spaceship' }], 'card');
    // ada sold something to ben: the sale of his first order's line is credited to her.
    const [line] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT l.id::int AS id FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.code = ${first.code}`,
    );
    await t.database.db.transaction((tx) => creditProceeds(tx, { sellerId: players.ada!.id, listingId: 9_001, orderLineId: line!.id, priceMicro: 40n * USD }));
    // ada redeems a code, and collects penguin DNC once (an empty collect is left out).
    await createCode(t.database.db, { code: 'HISTORY-DNC', grant: { kind: 'dnc', dnc: 250 }, uses: 5, expiresAt: null });
    await redeemCode(t.database.db, players.ada!.id, 'HISTORY-DNC');
    await t.database.db.execute(sql`INSERT INTO penguin_collections (user_id, day, amount) VALUES
      (${players.ada!.id}, '2026-11-20', 120), (${players.ada!.id}, '2026-11-21', 0)`);
    // ada converted Gin once (credited: a receipt) and tried once more (failed: nothing moved).
    await t.database.db.execute(sql`INSERT INTO gin_conversions (tid, user_id, chain_id, token_address, token_decimals,
        burn_address, payer, total_gin, amount_base, dnc, status, tx_hash, quote_block, expires_at, credited_at) VALUES
      ('gc_history_1', ${players.ada!.id}, 56, '0x22', 18, '0xdead', '0xaa', 3, 3000000000000000000, 15, 'credited', '0xabc', 1, now(), now()),
      ('gc_history_2', ${players.ada!.id}, 56, '0x22', 18, '0xdead', '0xaa', 2, 2000000000000000000, 10, 'failed', '0xdef', 1, now(), NULL)`);
  });
  afterAll(async () => t?.close());

  it('asks for sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/my/history' })).statusCode).toBe(401);
  });

  it('shows the buyer his purchases and refund with their orders, and nothing unpaid', async () => {
    const { data, next_cursor } = await history('ben');
    expect(next_cursor).toBeNull();
    expect(data.map((e) => [e.kind, e.direction, e.usd])).toEqual([
      ['refund', 'in', 80],
      ['purchase', 'out', 80],
      ['purchase', 'out', 40],
    ]);
    expect(data[1]).toMatchObject({ title: 'You bought History Skiff', link: '/my/orders', dnc: null });
    expect(data[1]!.detail).toMatch(/^Order SP-/);
    expect(new Set(data.map((e) => e._id)).size).toBe(3);
  });

  it('shows the seller her sale, her referral rewards, her code and her penguin DNC, and none of it to anyone else', async () => {
    const { data } = await history('ada');
    const byKind = (kind: string) => data.filter((e) => e.kind === kind);
    expect(byKind('sale')).toEqual([
      expect.objectContaining({ title: 'You sold History Skiff', direction: 'in', usd: 38, usd_micro: '38000000', detail: 'Sold for $40.00; the marketplace fee was $2.00' }),
    ]);
    expect(byKind('referral_reward').map((e) => [e.usd, e.title])).toEqual([
      [4, 'Referral reward: ben paid an order'],
      [2, 'Referral reward: ben paid an order'],
    ]);
    expect(byKind('redeem')).toEqual([expect.objectContaining({ dnc: 250, usd: null, link: '/my/redeem', title: 'You redeemed a code for 250 DNC' })]);
    expect(byKind('penguin_earnings')).toEqual([expect.objectContaining({ dnc: 120, detail: 'Collected for 2026-11-20' })]);
    expect(byKind('gin_conversion')).toEqual([
      expect.objectContaining({ title: 'Gin converted to DNC', detail: '3 Gin burnt in transaction 0xabc', direction: 'in', dnc: 15, usd: null, link: '/my/gin-exchange' }),
    ]);
    expect(data).toHaveLength(6);
    const times = data.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await history('cal')).data).toEqual([]);
  });

  it('pages through entries that share one instant without skipping or repeating any', async () => {
    // Every entry of ada's at the same microsecond: only kind and id order them now.
    const instant = '2026-11-25T10:00:00.123456Z';
    await t.database.db.execute(sql`INSERT INTO penguin_collections (user_id, day, amount, created_at) VALUES
      (${players.ada!.id}, '2026-11-22', 5, ${instant}), (${players.ada!.id}, '2026-11-23', 6, ${instant})`);
    for (const table of ['seller_proceeds', 'referral_rewards', 'penguin_collections'])
      await t.database.db.execute(sql`UPDATE ${sql.identifier(table)} SET created_at = ${instant}`);
    await t.database.db.execute(sql`UPDATE redeem_redemptions SET redeemed_at = ${instant}`);
    await t.database.db.execute(sql`UPDATE gin_conversions SET credited_at = ${instant} WHERE status = 'credited'`);

    const all = (await history('ada', '?limit=50')).data;
    expect(all).toHaveLength(8);
    for (const limit of [1, 2, 3]) expect((await walk('ada', limit)).map((e) => e._id)).toEqual(all.map((e) => e._id));
    // Same instant: by kind, then newest id first.
    expect(all.map((e) => e.kind)).toEqual(['sale', 'referral_reward', 'referral_reward', 'redeem', 'penguin_earnings', 'penguin_earnings', 'penguin_earnings', 'gin_conversion']);
    expect(all.every((e) => e.at === '2026-11-25T10:00:00.123Z')).toBe(true);
  });

  it.each([
    ['a cursor it never gave out', '?cursor=bm90LWEtY3Vyc29y', 'cursor is not one this list gave out.'],
    ['a cursor of an unknown kind', `?cursor=${Buffer.from('1700000000000~gift~1').toString('base64url')}`, 'cursor is not one this list gave out.'],
    ['a cursor with characters outside base64url', '?cursor=abc%24def', 'cursor is not one this list gave out.'],
    ['a page size of 0', '?limit=0', 'limit must be at least 1.'],
    ['a page size over 50', '?limit=51', 'limit must be at most 50.'],
  ])('refuses %s with a 400 that says why', async (_, query, msg) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/my/history${query}`, headers: bearer(players.ada!.token) });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toBe(msg);
  });
});
