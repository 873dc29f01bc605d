import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { eventKinds, openSale, orderByCode, shopLine, stockOf, USD } from './payments.fixtures.ts';
import { postWebhook, startWidget, wertEvent } from './widget-fixtures.ts';

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: Wert webhooks delivered at once', () => {
  let t: TestApp;
  let token: string;
  let secret: string;
  let ship: { id: string; name: string };
  const start = (total = 1) => startWidget(t, token, [{ id: ship.id, total, object: 'spaceship' }]);

  beforeAll(async () => {
    t = await createTestApp({ postgres: true });
    if (t.config.widget.provider !== 'sandbox') throw new Error('expected the sandbox provider');
    secret = t.config.widget.webhookSecret;
    await t.createUser({ username: 'racer', password: 'racer-password-1' });
    token = (await t.login('racer', 'racer-password-1')).access_token;
    ship = await shopLine(t.database.db, 100, 40n * USD);
    await openSale(t.database.db);
  });
  afterAll(async () => t?.close());

  it('the same order_complete 8 times at once: paid once, one paid event row', async () => {
    const s = await start();
    const event = wertEvent('order_complete', s, { orderId: '01RACE' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => postWebhook(t, secret, event)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect((await orderByCode(t.database.db, s.tid)).status).toBe('paid');
    expect((await eventKinds(t.database.db, s.id)).filter((k) => k === 'paid')).toHaveLength(1);
  });

  it('order_complete and order_failed racing: paid with its stock sold, or released once — never both', async () => {
    for (let i = 0; i < 5; i++) {
      const before = await stockOf(t.database.db, ship.id);
      const s = await start(2);
      const answers = await Promise.all([
        postWebhook(t, secret, wertEvent('order_failed', s)),
        postWebhook(t, secret, wertEvent('order_complete', s)),
        postWebhook(t, secret, wertEvent('order_canceled', s)),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      const after = await orderByCode(t.database.db, s.tid);
      const kinds = await eventKinds(t.database.db, s.id);
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
