import { z } from 'zod';
import { CART_MAX_LINES, CART_MAX_QUANTITY } from './cart-constants.ts';
import { CartLineSchema } from './cart.ts';
import { ExpectedPriceSchema, OrderLineObjectSchema, type OrderLineRequest } from './orders.ts';
import { WidgetSessionSchema } from './widget-payments.ts';

/** `type` of the card payment calls (storefront.md §7: 2 is the card provider). */
export const CARD_PAYMENT_TYPE = 2;

const buyLines = z
  .array(CartLineSchema)
  .min(1, 'The cart is empty.')
  .max(CART_MAX_LINES, `A cart holds at most ${CART_MAX_LINES} different items.`);

/** What a marketplace purchase line says when it is not alone or not one item. */
export const LISTING_ALONE_MSG = 'A marketplace item is bought on its own: send it as the only line.';
export const LISTING_ONE_MSG = 'A marketplace item is bought one at a time (total 1).';

/**
 * A line of the older form: a cart line, or a marketplace listing bought from its detail page,
 * `{ id: <listing _id>, object: 'listing', total: 1 }` (`_id` accepted for `id`). Only this form
 * takes a listing; the shop form and the cart calls do not.
 */
export const BuyLineSchema = z
  .object({
    id: z.string().min(1).max(64).optional(),
    _id: z.string().min(1).max(64).optional(),
    total: z.number().int().min(1).max(CART_MAX_QUANTITY),
    object: OrderLineObjectSchema,
    price_micro: ExpectedPriceSchema,
  })
  .refine((line) => line.id !== undefined || line._id !== undefined, { message: 'Each cart line needs an id.' })
  .refine((line) => line.object !== 'listing' || line.total === 1, { message: LISTING_ONE_MSG })
  // A top-up has its own call, which prices it and sends the player back to the land page.
  .refine((line) => line.object !== 'land_credit', { message: 'Land credit is bought with POST /api/stripe/buyTopup.' })
  .transform(({ id, _id, total, object, price_micro }): OrderLineRequest => ({
    id: (id ?? _id)!,
    total,
    object,
    ...(object === 'listing' && price_micro !== undefined ? { priceMicro: price_micro } : {}),
  }));

const itemLines = z
  .array(BuyLineSchema)
  .min(1, 'The cart is empty.')
  .max(CART_MAX_LINES, `A cart holds at most ${CART_MAX_LINES} different items.`)
  .refine((lines) => lines.length === 1 || lines.every((l) => l.object !== 'listing'), { message: LISTING_ALONE_MSG });

/**
 * POST /api/stripe/buy, both forms of the spec: the shop sends `{ ids, type? }`, a detail page
 * `{ price, type: 2, collection, items }` (one line). `price` and `collection` are accepted and
 * ignored: we charge our own order total, never a browser figure. A marketplace detail page
 * buys its listing with the older form: `items: [{ id: <listing _id>, object: 'listing', total: 1 }]`.
 */
export const StripeBuyBodySchema = z
  .object({
    ids: buyLines.optional().meta({ description: 'cart lines (shop form)' }),
    items: itemLines.optional().meta({
      description:
        "cart lines (older form; a detail page sends one), or one marketplace listing { id, object: 'listing', total: 1 }",
    }),
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

export type StripeWebhookResponse = z.infer<typeof StripeWebhookResponseSchema>;

/**
 * POST /api/orders/{code}/continue_payment: a pending order's payment reopened for the same
 * order and the same stock hold, the way it was started (card: back to its checkout page;
 * widget: the widget signed again for the same order).
 */
export const ContinuePaymentResponseSchema = z.discriminatedUnion('method', [
  z.object({
    error: z.literal(false),
    method: z.literal('card'),
    order: z.string(),
    /** the card provider's checkout page of this order, to send the browser to */
    data: z.string(),
  }),
  z.object({
    error: z.literal(false),
    method: z.literal('widget'),
    order: z.string(),
    /** what WertWidget opens, as POST /api/shop_payment/wertio answers it */
    session: WidgetSessionSchema,
  }),
]);
export type ContinuePaymentResponse = z.infer<typeof ContinuePaymentResponseSchema>;
