import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { openSale, orderByCode, sessionEvent, shopLine, USD } from './payments.fixtures.ts';

const WEBHOOK_SECRET = 'whsec_test_starport_0123456789';

/**
 * With Stripe keys configured, webhooks are checked by a real SDK instance's
 * webhooks.constructEvent (no network needed). The order is opened by a sandbox copy of the
 * API on the same database, since opening a real session would call Stripe.
 */
describe('Stripe configured: the SDK verifies the webhook', () => {
  let database: Database;
  let sandbox: TestApp;
  let stripeApp: TestApp;
  const stripe = new Stripe('sk_test_starport_placeholder');
  const post = (payload: string, signature: string) =>
    stripeApp.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    sandbox = await createTestApp({ database });
    stripeApp = await createTestApp({
      database,
      env: { STRIPE_SECRET_KEY: 'sk_test_starport_placeholder', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    });
    expect(stripeApp.config.card.provider).toBe('stripe');
  });
  afterAll(async () => {
    await stripeApp?.close();
    await sandbox?.close();
    await database?.close();
  });

  it('an event signed with the endpoint secret (generateTestHeaderString) pays; the sandbox secret does not', async () => {
    await sandbox.createUser({ username: 'sdk', password: 'sdk-password-123' });
    const token = (await sandbox.login('sdk', 'sdk-password-123')).access_token;
    const ship = await shopLine(database.db, 3, 19n * USD);
    await openSale(database.db);
    const res = await sandbox.app.inject({
      method: 'POST',
      url: '/api/stripe/buy',
      payload: { ids: [{ id: ship.id, total: 1, object: 'spaceship' }] },
      headers: bearer(token),
    });
    const code = body(res).order as string;
    const order = await orderByCode(database.db, code);
    const payload = sessionEvent('checkout.session.completed', { id: order.provider_session_id!, amount_total: 1_900 });

    if (sandbox.config.card.provider !== 'sandbox') throw new Error('expected the sandbox');
    const sandboxSigned = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: sandbox.config.card.webhookSecret,
    });
    expect((await post(payload, sandboxSigned)).statusCode).toBe(400);
    expect((await orderByCode(database.db, code)).status).toBe('pending');

    const old = stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 400,
    });
    expect((await post(payload, old)).statusCode).toBe(400);

    const signed = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect((await post(payload, signed)).statusCode).toBe(200);
    expect((await orderByCode(database.db, code)).status).toBe('paid');
  });
});
