import { TOP_UP_RETURN_PATH, TOP_UP_RETURN_PARAMS } from '@starport/schemas';
import type Stripe from 'stripe';

/**
 * Turning one of our orders into Checkout Session parameters. Pure: what is charged comes
 * from the order (our own prices), never from the request that asked for it.
 */

/** What a checkout needs of an order (the order view of modules/orders). */
export type OrderForCheckout = {
  code: string;
  total_micro: string;
  discount_micro: string;
  discount_percent: number;
  expires_at: string;
  lines: { name: string; total: number; sell_price_micro: string }[];
};

const MICRO_PER_CENT = 10_000n;
/** Stripe accepts a session's expires_at from 30 minutes to 24 hours after it is created. */
export const SESSION_MIN_SECONDS = 30 * 60;
export const SESSION_MAX_SECONDS = 24 * 60 * 60;
/** Room for the time between our clock and Stripe's reading of the request. */
const CLOCK_MARGIN_SECONDS = 60;

/** Micro-units → cents; card providers charge whole cents, so anything else is refused. */
export function toCents(micro: bigint | string): number {
  const m = BigInt(micro);
  if (m < 0n || m % MICRO_PER_CENT !== 0n) throw new Error(`not a whole number of cents: ${m} micro`);
  return Number(m / MICRO_PER_CENT);
}

export const centsToMicro = (cents: number): bigint => BigInt(cents) * MICRO_PER_CENT;

/**
 * How long a new order must hold its stock so that a session opened for it within the next
 * minute can lapse with it (sessionExpiry then keeps the order's own expiry): Stripe's minimum
 * and two margins, on a whole second, as session expiries are. Asked for when the order opens,
 * it spares a second transaction to extend the hold.
 */
export function sessionMinimumHold(nowMs: number): Date {
  return new Date((Math.ceil(nowMs / 1000) + SESSION_MIN_SECONDS + 2 * CLOCK_MARGIN_SECONDS) * 1000);
}

/**
 * When the session lapses (unix seconds): the order's own expiry, moved into the window Stripe
 * accepts. A later time than the order's means the order must be held that long too
 * (OrdersService.holdUntil), so the two lapse together.
 */
export function sessionExpiry(orderExpiresAtMs: number, nowMs: number): number {
  const now = Math.ceil(nowMs / 1000);
  const wanted = Math.ceil(orderExpiresAtMs / 1000);
  return Math.min(
    Math.max(wanted, now + SESSION_MIN_SECONDS + CLOCK_MARGIN_SECONDS),
    now + SESSION_MAX_SECONDS - CLOCK_MARGIN_SECONDS,
  );
}

type LineItem = Stripe.Checkout.SessionCreateParams.LineItem;

const item = (name: string, unitAmount: number, quantity: number, description?: string): LineItem => ({
  quantity,
  price_data: {
    currency: 'usd',
    unit_amount: unitAmount,
    product_data: description ? { name, description } : { name },
  },
});

/**
 * One Stripe line per order line when those add up to the order's total to the cent;
 * otherwise (a volume discount, which Stripe cannot spread over the lines exactly) a single
 * line for the order total that lists what it holds. Either way amount_total = our total.
 */
export function lineItems(order: OrderForCheckout): LineItem[] {
  const total = toCents(order.total_micro);
  const perLine = order.lines.every((l) => BigInt(l.sell_price_micro) % MICRO_PER_CENT === 0n)
    ? order.lines.map((l) => item(l.name, toCents(l.sell_price_micro), l.total))
    : null;
  if (perLine && BigInt(order.discount_micro) === 0n && sumOf(perLine) === total) return perLine;
  const what = order.lines.map((l) => `${l.total} × ${l.name}`).join(', ');
  const discount = order.discount_percent > 0 ? ` (${order.discount_percent}% volume discount included)` : '';
  return [item(`Starport order ${order.code}`, total, 1, `${what}${discount}`.slice(0, 500))];
}

export function sumOf(items: LineItem[]): number {
  return items.reduce((sum, i) => sum + (i.price_data?.unit_amount ?? 0) * (i.quantity ?? 1), 0);
}

/** How a checkout ended, as the provider sends the browser back. */
export type CheckoutResult = 'success' | 'cancel';
/** Where the provider sends the browser back for an order: a page of ours that names the order. */
export type ReturnUrl = (result: CheckoutResult, code: string) => string;

/** A shop purchase comes back to the shop's result page. */
export const shopReturnUrl =
  (publicUrl: string): ReturnUrl =>
  (result, code) =>
    `${publicUrl}/shop/stripe_payment/${result}?order=${encodeURIComponent(code)}`;

/** A land-credit top-up comes back to the land page, which says how the top-up went (land-credit.ts). */
export const topUpReturnUrl =
  (publicUrl: string): ReturnUrl =>
  (result, code) =>
    `${publicUrl}${TOP_UP_RETURN_PATH}?${new URLSearchParams({ [TOP_UP_RETURN_PARAMS.result]: result, [TOP_UP_RETURN_PARAMS.order]: code })}`;

/** The Checkout Session for an order: paid in USD, back to `returnUrl`'s page with the order code. */
export function checkoutParams(
  order: OrderForCheckout,
  o: { returnUrl: ReturnUrl; expiresAt: number },
): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    currency: 'usd',
    line_items: lineItems(order),
    client_reference_id: order.code,
    metadata: { order_code: order.code },
    payment_intent_data: { metadata: { order_code: order.code } },
    expires_at: o.expiresAt,
    success_url: o.returnUrl('success', order.code),
    cancel_url: o.returnUrl('cancel', order.code),
  };
}
