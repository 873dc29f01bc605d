import { checkoutParams, sessionExpiry, sessionMinimumHold, sumOf, toCents, type ReturnUrl } from './checkout-session.ts';
import type { CheckoutClient } from './checkout-client.ts';
import { CARD_PROVIDER } from './order-book.ts';
import type { PaymentProvider } from './start-payment.ts';

/** What POST /api/stripe/buy answers: where the player pays, and the order's code. */
export type CardCheckoutAnswer = { url: string; code: string };

/**
 * Card payments as a provider of the start-payment workflow: a Checkout Session (Stripe's, or
 * the sandbox's) for exactly the order's total, open as long as the order holds its stock.
 * `returnUrl` is the page the player comes back to (the shop's, or the land page's for a top-up).
 */
export function cardCheckoutProvider(d: {
  checkout: CheckoutClient;
  returnUrl: ReturnUrl;
}): PaymentProvider<'card', void, CardCheckoutAnswer> {
  return {
    method: 'card',
    providerName: CARD_PROVIDER,
    texts: {
      notHeld: 'the order closed before its session opened',
      notAttached: 'the order closed before its session was attached',
      logLine: 'card checkout session could not be opened',
      failReason: 'the card checkout session could not be opened',
      answer502: 'The card payment could not be started. Please try again.',
    },
    // A session lapses no sooner than the provider's minimum (Stripe: 30 minutes).
    minimumHold: () => sessionMinimumHold(Date.now()),
    holdUntil: (order) => new Date(sessionExpiry(Date.parse(order.expires_at), Date.now()) * 1000),
    async openSession(order, { requestedHold }) {
      const expiresAt = requestedHold.getTime() / 1000;
      const params = checkoutParams(order, { returnUrl: d.returnUrl, expiresAt });
      const session = await d.checkout.createSession(params, { idempotencyKey: `checkout-${order.code}` });
      // Belt and braces: the session must charge our total to the cent, or nobody pays it.
      const cents = toCents(order.total_micro);
      if (sumOf(params.line_items ?? []) !== cents || (session.amount_total !== null && session.amount_total !== cents))
        throw new Error(`session ${session.id} charges ${session.amount_total} cents, not ${cents}`);
      return { sessionId: session.id, answer: { url: session.url, code: order.code } };
    },
  };
}
