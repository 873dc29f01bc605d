import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/client.ts';
import { sandboxSessions } from '../../db/schema/index.ts';
import { openSale, orderByCode, shopLine, stockOf, USD } from './payments.fixtures.ts';

describe('POST /api/stripe/buy (sandbox provider)', () => {
  let t: TestApp;
  let token: string;
  let ship: { id: string; name: string };
  let cheap: { id: string; name: string };
  const buy = (payload: object, auth = token) =>
    t.app.inject({ method: 'POST', url: '/api/stripe/buy', payload, headers: auth ? bearer(auth) : {} });
  const sessionOf = async (code: string) => {
    const order = await orderByCode(t.database.db, code);
    const [s] = await t.database.db
      .select()
      .from(sandboxSessions)
      .where(eq(sandboxSessions.id, order.provider_session_id!));
    return { order, session: s! };
  };

  beforeAll(async () => {
    t = await createTestApp();
    expect(t.config.card.provider).toBe('sandbox');
    await t.createUser({ username: 'buyer', password: 'buyer-password-1' });
    token = (await t.login('buyer', 'buyer-password-1')).access_token;
    ship = await shopLine(t.database.db, 5, 120n * USD, 'Comet Runner');
    cheap = await shopLine(t.database.db, 50, 33_330_000n);
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  it('asks for sign-in', async () => {
    const res = await buy({ ids: [{ id: ship.id, total: 1, object: 'spaceship' }] }, '');
    expect(res.statusCode).toBe(401);
    expect(await stockOf(t.database.db, ship.id)).toBe(5);
  });

  it('refuses while buying is closed (sale_program 0), reserving nothing', async () => {
    await openSale(t.database.db, false);
    const res = await buy({ ids: [{ id: ship.id, total: 1, object: 'spaceship' }] });
    await openSale(t.database.db);
    expect(res.statusCode).toBe(403);
    expect(body(res)).toMatchObject({ error: true, code: 'FORBIDDEN', msg: expect.stringMatching(/closed/) });
    expect(await stockOf(t.database.db, ship.id)).toBe(5);
  });

  it('409 naming the item when there are not enough copies; stock unchanged', async () => {
    const res = await buy({ ids: [{ id: ship.id, total: 6, object: 'spaceship' }] });
    expect(res.statusCode).toBe(409);
    expect(body(res).msg).toContain('Comet Runner');
    expect(await stockOf(t.database.db, ship.id)).toBe(5);
  });

  it('shop form: opens a card order, reserves stock and answers the sandbox checkout address', async () => {
    const res = await buy({ ids: [{ id: ship.id, total: 2, object: 'spaceship' }], type: 2 });
    expect(res.statusCode).toBe(200);
    const b = body(res) as { error: false; msg: string; data: string; order: string };
    expect(b.error).toBe(false);
    expect(b.order).toMatch(/^SP-/);
    const { order, session } = await sessionOf(b.order);
    expect(b.data).toBe(`${TEST_PUBLIC_URL}/sandbox/stripe/checkout/${session.id}`);
    expect(order.status).toBe('pending');
    expect(await stockOf(t.database.db, ship.id)).toBe(3);
    expect(session).toMatchObject({
      amountTotal: 24_000,
      currency: 'usd',
      clientReferenceId: b.order,
      metadata: { order_code: b.order },
      successUrl: `${TEST_PUBLIC_URL}/shop/stripe_payment/success?order=${b.order}`,
      cancelUrl: `${TEST_PUBLIC_URL}/shop/stripe_payment/cancel?order=${b.order}`,
    });
    // No discount: one Stripe line per order line.
    expect(session.lineItems).toEqual([{ name: 'Comet Runner', description: null, unit_amount: 12_000, quantity: 2 }]);
    // Stripe's window is 30 min – 24 h; the order is held as long as its session.
    const lead = session.expiresAt.getTime() - Date.now();
    expect(lead).toBeGreaterThan(30 * 60_000);
    expect(lead).toBeLessThan(24 * 3_600_000);
    const [held] = await queryRows<{ order_ms: number; job_ms: number }>(
      t.database.db,
      sql`SELECT (extract(epoch FROM o.expires_at) * 1000)::float8 AS order_ms, (extract(epoch FROM j.run_at) * 1000)::float8 AS job_ms
          FROM orders o JOIN jobs j ON j.dedupe_key = 'order.expire:' || o.id WHERE o.id = ${order.id}`,
    );
    expect(Number(held!.order_ms)).toBe(session.expiresAt.getTime());
    expect(Number(held!.job_ms)).toBe(session.expiresAt.getTime());
  });

  it('older form with a browser price of 0.01: the session charges our total (discount included) to the cent', async () => {
    const res = await buy({
      price: 0.01,
      type: 2,
      collection: 'ships',
      items: [{ id: cheap.id, total: 3, object: 'spaceship' }],
    });
    expect(res.statusCode).toBe(200);
    const { order, session } = await sessionOf(body(res).order as string);
    // 3 × $33.33 = $99.99, 5 % off = $5.00 → $94.99
    expect(order.total_micro).toBe('94990000');
    expect(session.amountTotal).toBe(9_499);
    expect(session.lineItems).toHaveLength(1);
  });

  it('a detail-page purchase (items with one line) works too', async () => {
    const res = await buy({ type: 2, items: [{ _id: cheap.id, total: 1, object: 'spaceship' }] });
    expect(res.statusCode).toBe(200);
    expect((await sessionOf(body(res).order as string)).session.amountTotal).toBe(3_333);
  });

  it('400 for a body with no lines, both forms at once, or another payment type', async () => {
    for (const payload of [
      {},
      { ids: [] },
      {
        ids: [{ id: ship.id, total: 1, object: 'spaceship' }],
        items: [{ id: ship.id, total: 1, object: 'spaceship' }],
      },
      { type: 3, ids: [{ id: ship.id, total: 1, object: 'spaceship' }] },
    ]) {
      const res = await buy(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).error).toBe(true);
    }
  });
});
