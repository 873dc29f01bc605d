import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addShopLine } from '../../../test/catalogue-fixtures.ts';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { ORDER_FULFIL_JOB, OrdersService } from '../orders/index.ts';
import { rewardReferrer, setReferralShare } from './index.ts';

const USD = 1_000_000n;
const wallet = (digit: string) => `0x${digit.repeat(40)}`;

type Row = { _id: string; username: string; vol: number; vol_micro: string; aff: number; items: number; earned: number; earned_micro: string };
type MyRef = {
  data: Row[];
  total: number;
  code: string | null;
  received: number;
  received_micro: string;
  orders: number;
  volume: number;
  volume_micro: string;
  share_bps: number;
};

describe('referrals: a referred player’s paid orders reward their referrer once, and GET /api/my/ref shows it', () => {
  let t: TestApp;
  let orders: OrdersService;
  let shipLine: string;
  const players: Record<string, { id: string; token: string }> = {};

  const sign = async (name: string, opts: { wallet?: string; ref?: string } = {}) => {
    players[name] = await t.signUp(name, opts);
    if (opts.ref) await t.database.db.execute(sql`UPDATE users SET wallet_ref = ${opts.ref} WHERE id = ${players[name].id}`);
    return players[name]!;
  };
  const myRef = async (name: string, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/my/ref${query}`, headers: bearer(players[name]!.token) });
    expect(res.statusCode).toBe(200);
    return body(res) as unknown as MyRef;
  };
  /** Opens an order as the payment calls do, pays it as a verified webhook would, and runs its fulfilment. */
  const buyShips = async (name: string, copies: number) => {
    const order = await orders.openOrder(players[name]!.id, [{ id: shipLine, total: copies, object: 'spaceship' }], 'card');
    const paid = await orders.markPaid(order.id, { provider: 'sandbox', eventId: `evt_${order.code}`, amountMicro: BigInt(order.total_micro) });
    expect(paid).toBe('paid');
    await t.drainJobs();
    return order;
  };
  const rewards = () => queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM referral_rewards`).then((r) => r[0]!.n);

  beforeAll(async () => {
    t = await createTestApp();
    orders = new OrdersService({ db: t.database.db, reservationMinutes: 30 });
    shipLine = (await addShopLine(t.database.db, { stock: 100, sellMicro: 40n * USD, name: 'Referral Skiff' })).id;
    await sign('ada', { wallet: wallet('a') });
    // The code arrives as typed: upper case still names ada's wallet.
    await sign('ben', { ref: wallet('a').toUpperCase().replace('0X', '0x') });
    await sign('cid', { ref: wallet('a'), wallet: wallet('c') });
    await sign('dan', { ref: wallet('c') });
    await sign('eve', { wallet: wallet('e'), ref: wallet('e') }); // her own code: no referral
    await sign('fay'); // no wallet: no link yet
    await sign('gus', { ref: 'not-a-wallet' });
  });
  afterAll(async () => t?.close());

  it('asks for sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/my/ref' });
    expect(res.statusCode).toBe(401);
  });

  it('has no link and no referrals for a player without a wallet', async () => {
    expect(await myRef('fay')).toMatchObject({ data: [], total: 0, code: null, received: 0, received_micro: '0', orders: 0, share_bps: 500 });
  });

  it('lists the players who came with the link, newest first, with how many they referred in turn', async () => {
    const ref = await myRef('ada');
    expect(ref).toMatchObject({ code: wallet('a'), total: 2, received: 0 });
    expect(ref.data.map((r) => [r.username, r.aff, r.vol, r.items, r.earned])).toEqual([
      ['cid', 1, 0, 0, 0],
      ['ben', 0, 0, 0, 0],
    ]);
    // A player's own code and a code that is no wallet refer nobody.
    expect((await myRef('eve')).data).toEqual([]);
  });

  it('rewards the referrer a 5 % share of what a paid order charged, once, and nothing for an unpaid one', async () => {
    // Three $40 ships reach the 5 % volume discount: the order charges $114.
    const order = await buyShips('ben', 3);
    await orders.openOrder(players.ben!.id, [{ id: shipLine, total: 1, object: 'spaceship' }], 'card'); // never paid
    // Fulfilment again, and the reward call again: still one reward.
    await enqueueJob(t.database.db, ORDER_FULFIL_JOB, { orderId: order.id }, { dedupeKey: `again:${order.id}` });
    await t.drainJobs();
    await t.database.db.transaction((tx) => rewardReferrer(tx, { orderId: order.id, buyerId: players.ben!.id, volumeMicro: 120n * USD, items: 3 }));
    expect(await rewards()).toBe(1);

    const ref = await myRef('ada');
    expect(ref).toMatchObject({ received: 5.7, received_micro: '5700000', orders: 1 });
    expect(ref.data.find((r) => r.username === 'ben')).toMatchObject({ vol: 114, vol_micro: '114000000', items: 3, earned: 5.7, earned_micro: '5700000' });
    // Ben sees his own (no) referrals, never ada's.
    expect(await myRef('ben')).toMatchObject({ data: [], received: 0, code: null });
  });

  it('rewards nobody for a buyer who came without a referrer, or with no wallet code', async () => {
    const before = await rewards();
    await buyShips('fay', 1);
    await buyShips('gus', 1);
    await buyShips('eve', 1);
    expect(await rewards()).toBe(before);
  });

  it('each referrer earns from their own referred players only', async () => {
    await buyShips('dan', 2);
    expect(await myRef('cid')).toMatchObject({ received: 4, orders: 1, data: [{ username: 'dan', vol: 80, items: 2, earned: 4 }] });
    expect((await myRef('ada')).received).toBe(5.7);
  });

  it('a new share applies to orders paid from then on; a bad share is refused', async () => {
    await setReferralShare(t.database.db, 1000);
    await buyShips('ben', 1);
    const ref = await myRef('ada');
    expect(ref).toMatchObject({ share_bps: 1000, received: 9.7, orders: 2 });
    // The volume is every referred player's, whichever page is asked for: $114 + $40 from ben.
    expect(ref).toMatchObject({ volume: 154, volume_micro: '154000000' });
    const firstOfOne = await myRef('ada', '?limit=1');
    expect(firstOfOne.data.map((r) => r.username)).toEqual(['cid']);
    expect(firstOfOne).toMatchObject({ total: 2, volume: 154 });
    for (const bad of [-1, 10_001, 2.5]) await expect(setReferralShare(t.database.db, bad)).rejects.toMatchObject({ status: 400 });
    await setReferralShare(t.database.db, 500);
  });

  it('pages the list and refuses a bad page', async () => {
    const first = await myRef('ada', '?limit=1');
    const second = await myRef('ada', '?limit=1&page=2');
    expect([first.data[0]!.username, second.data[0]!.username]).toEqual(['cid', 'ben']);
    const res = await t.app.inject({ method: 'GET', url: '/api/my/ref?limit=101', headers: bearer(players.ada!.token) });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toContain('limit must be at most 100.');
  });
});
