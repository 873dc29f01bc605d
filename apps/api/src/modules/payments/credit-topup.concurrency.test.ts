import type { WidgetSession } from '@starport/schemas';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { eventKinds, openSale, orderByCode, sessionEvent } from './payments.fixtures.ts';
import { postWebhook, wertEvent } from './widget-fixtures.ts';

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: a top-up’s paid events delivered at once', () => {
  let t: TestApp;
  let token: string;
  let secret: string;

  const post = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    });
  const credit = async () => (await t.app.inject({ method: 'GET', url: '/api/credit/total', headers: bearer(token) })).json().amount as number;
  const buyTopUp = async (quantity: number) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/stripe/buyTopup', payload: { quantity }, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const o = await orderByCode(t.database.db, body(res).order as string);
    return { ...o, code: body(res).order as string, cents: Number(BigInt(o.total_micro) / 10_000n) };
  };

  beforeAll(async () => {
    t = await createTestApp({ postgres: true });
    if (t.config.card.provider !== 'sandbox') throw new Error('expected the sandbox provider');
    secret = t.config.card.webhookSecret;
    await t.createUser({ username: 'racingtopper', password: 'racingtopper-password-1' });
    token = (await t.login('racingtopper', 'racingtopper-password-1')).access_token;
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  it('the same completed event 8 times at once, and a second kind of paid event with it: paid once, credited once', async () => {
    for (let round = 1; round <= 3; round++) {
      const before = await credit();
      const o = await buyTopUp(10 * round);
      const session = { id: o.provider_session_id!, amount_total: o.cents };
      const completed = sessionEvent('checkout.session.completed', session, `evt_topup_race_${round}`);
      const succeeded = sessionEvent('checkout.session.async_payment_succeeded', session);
      const answers = await Promise.all([...Array.from({ length: 8 }, () => post(completed)), post(succeeded)]);
      expect(answers.map((r) => r.statusCode)).toEqual(Array(9).fill(200));
      await t.drainJobs();
      expect((await orderByCode(t.database.db, o.code)).status).toBe('fulfilled');
      expect((await eventKinds(t.database.db, o.id)).filter((k) => k === 'paid')).toHaveLength(1);
      expect(await credit()).toBe(before + 10 * round);
    }
  });

  it('the widget’s order_complete 6 times at once: credited once', async () => {
    const widget = t.config.widget;
    if (widget.provider !== 'sandbox') throw new Error('expected the sandbox widget');
    const before = await credit();
    const res = await t.app.inject({ method: 'POST', url: '/api/credit/payment/wertio', payload: { quantity: 8 }, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    const session = (res.json() as { data: WidgetSession }).data;
    const event = wertEvent('order_complete', session, { orderId: '01TOPUPRACE' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => postWebhook(t, widget.webhookSecret, event)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    await t.drainJobs();
    expect((await orderByCode(t.database.db, session.tid)).status).toBe('fulfilled');
    expect(await credit()).toBe(before + 8);
  });
});
