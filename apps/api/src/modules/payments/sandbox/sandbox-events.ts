import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { asStripeSession, type SandboxSession } from './sandbox-sessions.ts';

export type SandboxEventType = 'checkout.session.completed' | 'checkout.session.expired';

/** An event as Stripe sends it: the same envelope, signed the same way (v1 HMAC-SHA256 of `t.payload`). */
export function signedEvent(
  session: SandboxSession,
  type: SandboxEventType,
  secret: string,
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: `evt_sandbox_${randomBytes(18).toString('base64url')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: asStripeSession(session, type === 'checkout.session.completed' ? 'paid' : 'unpaid') },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

/**
 * Delivers an event to our own webhook over HTTP at PUBLIC_URL, as Stripe would. When that
 * address cannot be reached from the server itself (a proxy in front, a test without a
 * listener), the same route is called in-process: the same parser, signature check and handler.
 */
export async function deliver(
  app: FastifyInstance,
  publicUrl: string,
  event: { payload: string; signature: string },
): Promise<boolean> {
  const headers = { 'content-type': 'application/json', 'stripe-signature': event.signature };
  try {
    const res = await fetch(`${publicUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers,
      body: event.payload,
      signal: AbortSignal.timeout(10_000),
    });
    return res.ok;
  } catch (err) {
    app.log.warn(
      { err: (err as Error).message, publicUrl },
      'sandbox: webhook not reachable over HTTP, delivering in-process',
    );
    const res = await app.inject({ method: 'POST', url: '/api/stripe/webhook', headers, payload: event.payload });
    return res.statusCode === 200;
  }
}
