import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { addBlindBox, addShopLine, lapse, stockOf } from './orders.fixtures.ts';
import { OrdersService } from './orders.service.ts';

const USD = 1_000_000n;

describe('GET /api/orders, GET /api/orders/{code}, POST /api/orders/{code}/cancel', () => {
  let t: TestApp;
  let orders: OrdersService;
  let alice: { id: string; token: string };
  let bob: { id: string; token: string };
  let line: { id: string; name: string };
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const cancel = (code: string, token?: string) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${code}/cancel`, headers: token ? bearer(token) : {} });
  const open = (userId: string, total = 1) =>
    orders.openOrder(userId, [{ id: line.id, total, object: 'spaceship' }], 'card');

  beforeAll(async () => {
    t = await createTestApp();
    orders = new OrdersService({ db: t.database.db, reservationMinutes: 30 });
    const sign = (name: string) => t.signUp(name);
    alice = await sign('alice');
    bob = await sign('bob');
    line = await addShopLine(t.database.db, { stock: 50, sellMicro: 99n * USD, name: 'Nova Skiff' });
    await addBlindBox(t.database.db);
  });
  afterAll(async () => t?.close());

  it('asks for sign-in on every call', async () => {
    const mine = await open(alice.id);
    for (const res of [await get('/api/orders'), await get(`/api/orders/${mine.code}`), await cancel(mine.code)]) {
      expect(res.statusCode).toBe(401);
      expect(body(res)).toMatchObject({ error: true, code: 'UNAUTHORIZED' });
    }
  });

  it('lists only the caller’s orders, newest first, paged', async () => {
    const before = body(await get('/api/orders', alice.token)).data as { total: number };
    const made = [await open(alice.id), await open(alice.id, 2), await open(alice.id, 3)];
    await open(bob.id);
    const res = await get('/api/orders?limit=2', alice.token);
    expect(res.statusCode).toBe(200);
    const page = body(res).data as {
      orders: { code: string; lines: { id: string; total: number; name: string }[] }[];
      total: number;
      page: number;
      limit: number;
    };
    expect(page).toMatchObject({ total: before.total + 3, page: 1, limit: 2 });
    expect(page.orders.map((o) => o.code)).toEqual([made[2]!.code, made[1]!.code]);
    expect(page.orders[0]!.lines).toEqual([
      expect.objectContaining({ id: line.id, total: 3, name: 'Nova Skiff', sell_price: 99 }),
    ]);
    const second = body(await get('/api/orders?limit=2&page=2', alice.token)).data as { orders: { code: string }[] };
    expect(second.orders[0]!.code).toBe(made[0]!.code);
    const bobs = body(await get('/api/orders', bob.token)).data as { orders: { code: string }[] };
    expect(bobs.orders.map((o) => o.code)).not.toContain(made[0]!.code);
    // Internal ids, provider sessions and review flags are not the player's business.
    expect(page.orders[0]).not.toHaveProperty('id');
    expect(JSON.stringify(page)).not.toMatch(/provider|needs_review|user_id/);
  });

  it('caps the page size and answers bad paging with a clear 400', async () => {
    for (const [q, msg] of [
      ['limit=51', 'limit must be at most 50.'],
      ['limit=0', 'limit must be at least 1.'],
      ['limit=abc', 'limit must be a whole number.'],
      ['page=1.5', 'page must be a whole number.'],
    ] as const) {
      const res = await get(`/api/orders?${q}`, alice.token);
      expect(res.statusCode, q).toBe(400);
      expect(body(res).msg).toContain(msg);
    }
    expect((await get('/api/orders?limit=50', alice.token)).statusCode).toBe(200);
  });

  it('shows an order to its owner only: someone else’s code is the same 404 as a code that does not exist', async () => {
    const mine = await open(alice.id, 2);
    const own = await get(`/api/orders/${mine.code}`, alice.token);
    expect(own.statusCode).toBe(200);
    expect(body(own).data).toMatchObject({
      code: mine.code,
      status: 'pending',
      total_micro: String(198n * USD),
      total: 198,
    });
    expect((await get(`/api/orders/${mine.code.toLowerCase()}`, alice.token)).statusCode).toBe(200);

    const theirs = await get(`/api/orders/${mine.code}`, bob.token);
    const missing = await get('/api/orders/SP-0000000000', bob.token);
    expect([theirs.statusCode, missing.statusCode]).toEqual([404, 404]);
    expect(body(theirs)).toEqual(body(missing));
    expect(body(theirs).msg).toBe('No such order.');
  });

  it('answers a malformed code with a 400 that says what a code looks like', async () => {
    for (const bad of ['123', 'SP-123', 'SP-IIIIIIIIII', 'x'.repeat(300), '%27%20OR%201%3D1']) {
      const res = await get(`/api/orders/${bad}`, alice.token);
      expect(res.statusCode, bad).toBe(400);
      expect(body(res).msg).toBe('That is not an order code (they look like SP-7K3M9Q2XHD).');
    }
  });

  it('never answers any code or paging text with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), fc.string({ maxLength: 12 }), async (code, limit) => {
        const one = await get(`/api/orders/${encodeURIComponent(code)}`, alice.token);
        const page = await get(`/api/orders?limit=${encodeURIComponent(limit)}`, alice.token);
        for (const res of [one, page]) {
          expect(res.statusCode).toBeLessThan(500);
          if (res.statusCode >= 400) expect(body(res).msg).toBeTruthy();
        }
      }),
      { numRuns: 40 },
    );
  });

  it('lets the owner cancel a pending order (stock back once); another user gets a 404 and changes nothing', async () => {
    const before = await stockOf(t.database.db, line.id);
    const mine = await open(alice.id, 4);
    expect(await stockOf(t.database.db, line.id)).toBe(before - 4);

    const stranger = await cancel(mine.code, bob.token);
    expect(stranger.statusCode).toBe(404);
    expect(body(stranger).msg).toBe('No such order.');
    expect(await stockOf(t.database.db, line.id)).toBe(before - 4);

    const res = await cancel(mine.code, alice.token);
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ code: mine.code, status: 'cancelled' });
    expect(await stockOf(t.database.db, line.id)).toBe(before);
    const again = await cancel(mine.code, alice.token);
    expect([again.statusCode, body(again).code]).toEqual([409, 'CONFLICT']);
    expect(await stockOf(t.database.db, line.id)).toBe(before);
  });

  it('a paid order cannot be cancelled', async () => {
    const mine = await open(alice.id);
    await orders.markPaid(mine.id, {
      provider: 'sandbox',
      eventId: `evt_${mine.code}`,
      amountMicro: BigInt(mine.total_micro),
    });
    const res = await cancel(mine.code, alice.token);
    expect([res.statusCode, body(res).msg]).toEqual([409, 'This order is paid and can no longer be cancelled.']);
  });

  it('shows the buyer what each blind box gave, with its proof, on the order and in the list', async () => {
    const mine = await orders.openOrder(alice.id, [{ id: 'blindbox-frontier', total: 2, object: 'blindbox' }], 'card');
    type Opening = { id: string; nonce: number; server_seed_hash: string; client_seed: string; ship: { id: string; name: string; image: string } };
    type BoxLine = { object: string; openings?: Opening[] };
    const boxLineOf = async () =>
      (body(await get(`/api/orders/${mine.code}`, alice.token)).data as { lines: BoxLine[] }).lines[0]!;
    // Unpaid: nothing opened yet.
    expect((await boxLineOf()).openings).toEqual([]);

    await orders.markPaid(mine.id, { provider: 'sandbox', eventId: `evt_${mine.code}`, amountMicro: BigInt(mine.total_micro) });
    await t.drainJobs();
    const line = await boxLineOf();
    const recorded = await queryRows<{ id: string; nonce: number; ship_id: string; ship_name: string }>(
      t.database.db,
      sql`SELECT o.id::text AS id, o.nonce, o.ship_id::text AS ship_id, s.name AS ship_name FROM blind_box_openings o
          JOIN order_lines l ON l.id = o.order_line_id JOIN ships s ON s.id = o.ship_id
          WHERE l.order_id = ${mine.id} ORDER BY o.box_index`,
    );
    expect(recorded).toHaveLength(2);
    expect(line.openings).toEqual(
      recorded.map((r) =>
        expect.objectContaining({
          id: r.id,
          nonce: r.nonce,
          server_seed_hash: expect.stringMatching(/^[0-9a-f]{64}$/),
          client_seed: expect.any(String),
          // The active pair's server seed stays secret until the player rotates it.
          server_seed: null,
          ship: expect.objectContaining({ id: r.ship_id, name: r.ship_name, image: expect.stringContaining('/') }),
        }),
      ),
    );
    const listed = (body(await get('/api/orders', alice.token)).data as { orders: { code: string; lines: BoxLine[] }[] }).orders;
    expect(listed.find((o) => o.code === mine.code)!.lines[0]!.openings).toEqual(line.openings);
    // A ship line has no openings; another player never sees these.
    expect(listed.flatMap((o) => o.lines).filter((l) => l.object !== 'blindbox').every((l) => !('openings' in l))).toBe(true);
    expect((await get(`/api/orders/${mine.code}`, bob.token)).statusCode).toBe(404);
  });

  it('the expiry job, run by the app’s worker when due, expires the order and gives its stock back', async () => {
    const before = await stockOf(t.database.db, line.id);
    const mine = await open(alice.id, 5);
    await t.drainJobs();
    expect((body(await get(`/api/orders/${mine.code}`, alice.token)).data as { status: string }).status).toBe(
      'pending',
    );
    await lapse(t.database.db, mine.id);
    await t.drainJobs();
    expect((body(await get(`/api/orders/${mine.code}`, alice.token)).data as { status: string }).status).toBe(
      'expired',
    );
    expect(await stockOf(t.database.db, line.id)).toBe(before);
    const [job] = await queryRows<{ done: boolean; failed: boolean }>(
      t.database.db,
      sql`SELECT done_at IS NOT NULL AS done, failed_at IS NOT NULL AS failed FROM jobs WHERE dedupe_key = ${`order.expire:${mine.id}`}`,
    );
    expect(job).toEqual({ done: true, failed: false });
  });
});
