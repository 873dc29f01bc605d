import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { eventKinds, openSale, orderByCode, sessionEvent, shopLine, stockOf, USD } from './payments.fixtures.ts';

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: webhooks delivered at once', () => {
  let t: TestApp;
  let token: string;
  let secret: string;
  let ship: { id: string; name: string };
  const post = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
      },
    });
  const buy = async (total = 1) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/buy',
      payload: { ids: [{ id: ship.id, total, object: 'spaceship' }] },
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    const code = body(res).order as string;
    const o = await orderByCode(t.database.db, code);
    return { ...o, code, cents: Number(BigInt(o.total_micro) / 10_000n) };
  };

  beforeAll(async () => {
    t = await createTestApp({ postgres: true });
    if (t.config.card.provider !== 'sandbox') throw new Error('expected the sandbox provider');
    secret = t.config.card.webhookSecret;
    await t.createUser({ username: 'racer', password: 'racer-password-1' });
    token = (await t.login('racer', 'racer-password-1')).access_token;
    ship = await shopLine(t.database.db, 100, 40n * USD);
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  it('the same completed event 8 times at once: paid once, one paid event row', async () => {
    const o = await buy();
    const payload = sessionEvent(
      'checkout.session.completed',
      { id: o.provider_session_id!, amount_total: o.cents },
      'evt_race_1',
    );
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(payload)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect((await orderByCode(t.database.db, o.code)).status).toBe('paid');
    expect((await eventKinds(t.database.db, o.id)).filter((k) => k === 'paid')).toHaveLength(1);
  });

  it('completed and expired racing: paid with its stock sold, or released once — never both', async () => {
    for (let i = 0; i < 5; i++) {
      const before = await stockOf(t.database.db, ship.id);
      const o = await buy(2);
      const s = o.provider_session_id!;
      const answers = await Promise.all([
        post(sessionEvent('checkout.session.expired', { id: s, payment_status: 'unpaid' })),
        post(sessionEvent('checkout.session.completed', { id: s, amount_total: o.cents })),
        post(sessionEvent('checkout.session.expired', { id: s, payment_status: 'unpaid' })),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const after = await orderByCode(t.database.db, o.code);
      const kinds = await eventKinds(t.database.db, o.id);
      expect(kinds.filter((k) => k === 'stock_released').length).toBeLessThanOrEqual(1);
      if (after.status === 'paid') expect(await stockOf(t.database.db, ship.id)).toBe(before - 2);
      else {
        // The payment came after the release: recorded for review, the stock is back once.
        expect(after).toMatchObject({ status: 'failed', needs_review: true });
        expect(await stockOf(t.database.db, ship.id)).toBe(before);
      }
    }
  });
});
