import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { stripeSdkModule } from '../stripe-sdk.ts';
import { asStripeSession, type SandboxSession } from './sandbox-sessions.ts';

export type SandboxEventType = 'checkout.session.completed' | 'checkout.session.expired';

/** An event's exact bytes with the Stripe-Signature header made for them. */
export type SignedEvent = { payload: string; signature: string };

/**
 * An event as Stripe sends it, as the JSON text that gets signed. Built once, when the session
 * closes: every retry sends these same bytes, so the same event id, which the webhook records
 * once.
 */
export function sandboxEvent(session: SandboxSession, type: SandboxEventType): string {
  return JSON.stringify({
    id: `evt_sandbox_${randomBytes(18).toString('base64url')}`,
    object: 'event',
    api_version: stripeSdkModule().API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: asStripeSession(session, type === 'checkout.session.completed' ? 'paid' : 'unpaid') },
  });
}

/**
 * Signs as Stripe does (v1 HMAC-SHA256 of `t.payload`), with the time of this delivery: the
 * webhook refuses signatures older than 5 minutes, and a retry may come hours later.
 */
export function signEvent(payload: string, secret: string): SignedEvent {
  return { payload, signature: stripeSdkModule().webhooks.generateTestHeaderString({ payload, secret }) };
}

/** The webhook called without HTTP: true when it took the event (what a 200 means). */
export type InProcessWebhook = (event: SignedEvent) => Promise<boolean>;

/**
 * Delivers an event to our own webhook over HTTP at PUBLIC_URL, as Stripe would; true on a
 * 2xx. Only when that address cannot be reached at all from the server itself (a proxy in
 * front, no listener) is the webhook called in-process; a webhook that answers with an error
 * is not bypassed: the event waits for a retry, as with Stripe.
 */
export async function deliver(
  publicUrl: string,
  event: SignedEvent,
  o: { log: FastifyBaseLogger; inProcess: InProcessWebhook },
): Promise<boolean> {
  let res: Response;
  try {
    res = await fetch(`${publicUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.payload,
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    o.log.warn(
      { err: (err as Error).message, publicUrl },
      'sandbox: webhook not reachable over HTTP, delivering in-process',
    );
    return o.inProcess(event);
  }
  // The answer's body is not needed; discarding it frees the connection for the next delivery.
  await res.body?.cancel();
  if (!res.ok) o.log.warn({ status: res.status, publicUrl }, 'sandbox: webhook refused the event');
  return res.ok;
}
