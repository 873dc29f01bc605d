import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { openSale, orderByCode } from './payments.fixtures.ts';
import { press, startWebhookFront, type WebhookFront } from './sandbox-webhook.fixtures.ts';

/**
 * The top-up e2e walks through: the embedded card sandbox's Pay button fires its signed event at
 * our webhook (through PUBLIC_URL, as Stripe would), the order is paid, fulfilled, and credited.
 */
describe('a top-up paid on the card sandbox’s page', () => {
  let front: WebhookFront;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    front = await startWebhookFront();
    t = await createTestApp({ env: { PUBLIC_URL: front.url } });
    front.serve(t.app);
    await t.createUser({ username: 'sandboxer', password: 'sandboxer-password-1' });
    token = (await t.login('sandboxer', 'sandboxer-password-1')).access_token;
    await openSale(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await front?.close();
  });

  it('Pay sends the browser back to the land page and credits the top-up once; Cancel comes back to it with nothing credited', async () => {
    const buy = async (quantity: number) => {
      const res = await fetch(`${front.url}/api/stripe/buyTopup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(token) },
        body: JSON.stringify({ quantity }),
      });
      expect(res.status).toBe(200);
      const b = (await res.json()) as { data: string; order: string };
      return { code: b.order, page: b.data };
    };
    const credit = async () =>
      ((await (await fetch(`${front.url}/api/credit/total`, { headers: bearer(token) })).json()) as { amount: number }).amount;

    const paid = await buy(3);
    const res = await press(paid.page, 'pay');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${front.url}/assets?topup=success&order=${paid.code}`);
    await expect
      .poll(async () => {
        await t.drainJobs();
        return (await orderByCode(t.database.db, paid.code)).status;
      })
      .toBe('fulfilled');
    expect(await credit()).toBe(3);

    const left = await buy(2);
    const back = await press(left.page, 'abandon');
    expect(back.headers.get('location')).toBe(`${front.url}/assets?topup=cancel&order=${left.code}`);
    await expect
      .poll(async () => {
        await t.drainJobs();
        return (await orderByCode(t.database.db, left.code)).status;
      })
      .toBe('failed');
    expect(await credit()).toBe(3);
  });
});
