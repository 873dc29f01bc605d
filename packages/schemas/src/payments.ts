import { z } from 'zod';
import { CART_MAX_LINES } from './cart-constants.ts';
import { CartLineSchema } from './cart.ts';

/** `type` of the card payment calls (storefront.md §7: 2 is the card provider). */
export const CARD_PAYMENT_TYPE = 2;

const buyLines = z
  .array(CartLineSchema)
  .min(1, 'The cart is empty.')
  .max(CART_MAX_LINES, `A cart holds at most ${CART_MAX_LINES} different items.`);

/**
 * POST /api/stripe/buy, both forms of the spec: the shop sends `{ ids, type? }`, a detail page
 * `{ price, type: 2, collection, items }` (one line). `price` and `collection` are accepted and
 * ignored: we charge our own order total, never a browser figure.
 */
export const StripeBuyBodySchema = z
  .object({
    ids: buyLines.optional().meta({ description: 'cart lines (shop form)' }),
    items: buyLines.optional().meta({ description: 'cart lines (older form; a detail page sends one)' }),
    type: z
      .literal(CARD_PAYMENT_TYPE, { error: 'type must be 2 (card).' })
      .optional()
      .meta({ description: '2: the card provider' }),
    price: z.unknown().optional().meta({ description: 'ignored: the order total is charged' }),
    collection: z.unknown().optional().meta({ description: 'ignored' }),
  })
  .refine((b) => (b.ids === undefined) !== (b.items === undefined), {
    message: 'Send the cart lines as ids (or items), once.',
  });
export type StripeBuyBody = z.infer<typeof StripeBuyBodySchema>;

export const StripeBuyResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  /** where to send the browser: the provider's hosted checkout page */
  data: z.string(),
  /** the order the session pays for (GET /api/orders/{code}) */
  order: z.string(),
});
export type StripeBuyResponse = z.infer<typeof StripeBuyResponseSchema>;

/** The webhook's answer to the provider: received (and handled or deliberately ignored). */
export const StripeWebhookResponseSchema = z.object({ received: z.literal(true), handled: z.boolean() });
