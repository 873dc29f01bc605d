import type Stripe from 'stripe';
import { stripeSdkModule } from './stripe-sdk.ts';

/**
 * The one provider call a card payment makes: open a Checkout Session. Stripe's SDK in
 * production, the sandbox (sandbox/sandbox-client.ts) when no keys are configured.
 */
export interface CheckoutClient {
  createSession(
    params: Stripe.Checkout.SessionCreateParams,
    opts: { idempotencyKey: string },
  ): Promise<{ id: string; url: string; amount_total: number | null }>;
  /** Where a session is paid while it is still open (a declined card leaves it open); null once it is not. */
  openSessionUrl(sessionId: string): Promise<string | null>;
}

/** How webhooks are checked: Stripe's own verification, for Stripe's and the sandbox's events alike. */
export type WebhookVerifier = Pick<Stripe['webhooks'], 'constructEvent'>;

/** Stripe's static verification (needs no API key), the SDK loaded at the first webhook. */
export const stripeWebhooks: WebhookVerifier = {
  constructEvent: (...args) => stripeSdkModule().webhooks.constructEvent(...args),
};

export function stripeCheckoutClient(stripe: Stripe): CheckoutClient {
  return {
    async createSession(params, opts) {
      // The idempotency key makes a retried request (network blip) return the same session.
      const session = await stripe.checkout.sessions.create(params, { idempotencyKey: opts.idempotencyKey });
      if (!session.url) throw new Error(`Stripe returned session ${session.id} without a url`);
      return { id: session.id, url: session.url, amount_total: session.amount_total };
    },
    async openSessionUrl(sessionId) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return session.status === 'open' ? session.url : null;
    },
  };
}

export function stripeSdk(secretKey: string): Stripe {
  return new (stripeSdkModule())(secretKey, { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'Starport' } });
}
