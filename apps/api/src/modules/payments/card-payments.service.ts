import type { OrderLineRequest } from '@starport/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import { cardCheckoutProvider, type CardCheckoutAnswer } from './card-provider.ts';
import { centsToMicro, shopReturnUrl, topUpReturnUrl } from './checkout-session.ts';
import type { CheckoutClient, WebhookVerifier } from './checkout-client.ts';
import { CARD_PROVIDER, type OrderBook, type PayableOrder } from './order-book.ts';
import { startPayment } from './start-payment.ts';
import { readStripeEvent, type CheckoutSession, type StripeEvent } from './stripe-event.ts';
import { topUpLines } from './top-up-lines.ts';

export const CARD_SESSION_CLOSED_MSG =
  'The card payment page of this order has closed. Cancel the order and check out again.';

/** Stripe's default, and QUALITY.md's rule: a signature older than 5 minutes is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type CardPaymentsDeps = {
  db: Db;
  orders: OrderBook;
  checkout: CheckoutClient;
  webhooks: WebhookVerifier;
  webhookSecret: string;
  publicUrl: string;
  log: FastifyBaseLogger;
};

export type WebhookOutcome = { handled: boolean; outcome: string };

/**
 * Card payments through Checkout Sessions. `buy` is the start-payment workflow with the card
 * provider (card-provider.ts): the stock reserved (an order) and a session opened for exactly
 * our total; only a verified webhook changes the order afterwards.
 */
export class CardPayments {
  private readonly provider: ReturnType<typeof cardCheckoutProvider>;
  /** The same checkout, coming back to the land page. */
  private readonly topUpProvider: ReturnType<typeof cardCheckoutProvider>;

  constructor(private readonly d: CardPaymentsDeps) {
    this.provider = cardCheckoutProvider({ checkout: d.checkout, returnUrl: shopReturnUrl(d.publicUrl) });
    this.topUpProvider = cardCheckoutProvider({ checkout: d.checkout, returnUrl: topUpReturnUrl(d.publicUrl) });
  }

  /** A cart, or one marketplace listing (`{ object: 'listing', id, total: 1 }`, reserved for the order). */
  buy(userId: string, lines: OrderLineRequest[]): Promise<CardCheckoutAnswer> {
    return startPayment(this.d, this.provider, userId, lines);
  }

  /** A land-credit top-up of `quantity` credits (decision 0047): its order, paid like any other. */
  async buyTopUp(userId: string, quantity: number): Promise<CardCheckoutAnswer> {
    return startPayment(this.d, this.topUpProvider, userId, await topUpLines(this.d.db, quantity));
  }

  /**
   * Continue payment of a pending card order: its own checkout page again, while the session is
   * open (a declined card leaves it open). The same order and hold; nothing new is opened.
   */
  async resume(order: PayableOrder): Promise<string> {
    const url = order.providerSessionId ? await this.d.checkout.openSessionUrl(order.providerSessionId) : null;
    if (!url) throw new AppError('CONFLICT', 409, CARD_SESSION_CLOSED_MSG);
    return url;
  }

  /**
   * A webhook: verified over the raw body first, then its shape; a bad signature or a
   * malformed event changes nothing. A malformed event is a 400, not a 200: Stripe then keeps
   * retrying it (and shows it failing on the dashboard) until we can read it, so a payment
   * whose event we could not read is not lost in a log line.
   */
  async webhook(raw: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    if (!signature) throw badRequest('Missing Stripe-Signature header.');
    let verified: unknown;
    try {
      verified = this.d.webhooks.constructEvent(raw, signature, this.d.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (err) {
      this.d.log.warn({ err: (err as Error).message }, 'stripe webhook refused');
      throw badRequest('Invalid webhook signature.');
    }
    const read = readStripeEvent(verified);
    if (!read.ok) {
      // Correctly signed, so Stripe (or whoever holds the secret) sent it: someone should look.
      this.d.log.error({ problems: read.problems, event: eventLabel(verified) }, 'signed stripe webhook is malformed');
      throw badRequest('The webhook event is malformed.');
    }
    return this.handle(read.event);
  }

  private async handle(event: StripeEvent): Promise<WebhookOutcome> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return this.paid(event.id, event.type, event.session);
      case 'checkout.session.expired':
        return this.closed(event.session, async (id) => {
          // Expire when the reservation has lapsed, else fail: the stock comes back either way,
          // once; a paid order is neither pending nor touched.
          const expired = await this.d.orders.expire(id);
          if (expired !== 'not_due') return expired;
          return (await this.d.orders.fail(id, 'the card checkout session expired')) ? 'failed' : 'unchanged';
        });
      case 'checkout.session.async_payment_failed':
        return this.closed(event.session, async (id) =>
          (await this.d.orders.fail(id, 'the card payment failed')) ? 'failed' : 'unchanged',
        );
      case 'other':
        return { handled: false, outcome: 'ignored' };
    }
  }

  private async paid(eventId: string, type: string, session: CheckoutSession): Promise<WebhookOutcome> {
    // A completed session of a delayed method (bank debit) is not paid yet: its
    // async_payment_succeeded event will say so.
    if (session.payment_status !== 'paid') return { handled: false, outcome: 'not_paid_yet' };
    const order = await this.d.orders.findByProviderSession(CARD_PROVIDER, session.id);
    if (!order) return this.unknown(session);
    const outcome = await this.d.orders.markPaid(order.id, {
      provider: CARD_PROVIDER,
      eventId,
      // Checked against our own total; a missing amount is no amount at all, not "as expected".
      amountMicro: centsToMicro(session.amount_total ?? 0),
      currency: session.currency ?? '',
      payload: { event_type: type, session_id: session.id, amount_total: session.amount_total },
    });
    if (outcome === 'review') this.d.log.warn({ order: order.code, eventId }, 'card payment needs review');
    return { handled: true, outcome };
  }

  private async closed(
    session: CheckoutSession,
    close: (orderId: number) => Promise<string>,
  ): Promise<WebhookOutcome> {
    const order = await this.d.orders.findByProviderSession(CARD_PROVIDER, session.id);
    if (!order) return this.unknown(session);
    return { handled: true, outcome: await close(order.id) };
  }

  /** A session we did not open (another app on the same Stripe account): acknowledged, not acted on. */
  private unknown(session: CheckoutSession): WebhookOutcome {
    this.d.log.warn({ session: session.id }, 'stripe webhook for an unknown checkout session');
    return { handled: false, outcome: 'unknown_session' };
  }
}

/** What names a malformed event in the log (its id and type, when it has them), without its contents. */
function eventLabel(value: unknown): string {
  const { id, type } = (value && typeof value === 'object' ? value : {}) as { id?: unknown; type?: unknown };
  return `${JSON.stringify(id) ?? '(no id)'} ${JSON.stringify(type) ?? '(no type)'}`.slice(0, 300);
}
