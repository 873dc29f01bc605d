import { z } from 'zod';

/** The events that act on an order; every other type is acknowledged and ignored. */
export const SESSION_EVENT_TYPES = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'checkout.session.async_payment_failed',
] as const;
type SessionEventType = (typeof SESSION_EVENT_TYPES)[number];

/**
 * The fields of a Checkout Session the webhook reads. An amount is whole cents (Stripe's
 * integer minor units); it may be missing on a session that was never paid.
 */
const CheckoutSessionSchema = z.looseObject({
  object: z.literal('checkout.session'),
  id: z.string().min(1).max(255),
  payment_status: z.string().min(1).max(64),
  amount_total: z.number().int().nonnegative().nullish(),
  currency: z.string().max(16).nullish(),
});
export type CheckoutSession = z.infer<typeof CheckoutSessionSchema>;

/** Every Stripe event has this envelope, whatever its type. */
const EnvelopeSchema = z.looseObject({
  id: z.string().min(1).max(255),
  object: z.literal('event'),
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: z.looseObject({}) }),
});

const SessionEventSchema = EnvelopeSchema.extend({
  type: z.enum(SESSION_EVENT_TYPES),
  data: z.looseObject({ object: CheckoutSessionSchema }),
});

export type StripeEvent =
  | { id: string; type: SessionEventType; session: CheckoutSession }
  /** a type we do not act on: only its envelope was checked */
  | { id: string; type: 'other'; stripeType: string };

/**
 * A verified event's shape, checked before it may touch an order. The signature proves who
 * sent the bytes, not that they are what the handler expects: a malformed event (a Stripe API
 * version we do not read, or a sender holding the secret) is refused whole, with the reasons.
 */
export function readStripeEvent(value: unknown): { ok: true; event: StripeEvent } | { ok: false; problems: string } {
  const envelope = EnvelopeSchema.safeParse(value);
  if (!envelope.success) return { ok: false, problems: z.prettifyError(envelope.error) };
  if (!(SESSION_EVENT_TYPES as readonly string[]).includes(envelope.data.type)) {
    return { ok: true, event: { id: envelope.data.id, type: 'other', stripeType: envelope.data.type } };
  }
  const parsed = SessionEventSchema.safeParse(value);
  if (!parsed.success) return { ok: false, problems: z.prettifyError(parsed.error) };
  return { ok: true, event: { id: parsed.data.id, type: parsed.data.type, session: parsed.data.data.object } };
}
