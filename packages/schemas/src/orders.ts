import { z } from 'zod';
import { CART_OBJECTS } from './cart-constants.ts';
import { MicroSchema } from './catalogue.ts';
import { PublicOpeningSchema } from './fairness-api.ts';
import { pageFields, pageQuerySchema } from './pagination.ts';

/**
 * Orders: one state machine for every way to pay (card provider, widget, crypto transfer).
 * pending → paid → fulfilled; pending → expired | failed | cancelled; paid or fulfilled →
 * refunded. Only a verified provider confirmation makes an order paid.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'expired', 'failed', 'cancelled', 'refunded'] as const;
export const OrderStatusSchema = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatusSchema>;

export const PAYMENT_METHODS = ['card', 'widget', 'crypto'] as const;
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

/** Page size of GET /api/orders: default and the most one page may hold. */
export const ORDERS_PAGE_SIZE = 20;
export const ORDERS_MAX_PAGE_SIZE = 50;

/**
 * The public order code, like an invoice number: 'SP-' and 10 Crockford base-32 characters
 * (no I, L, O, U), random, so codes cannot be counted or guessed. Lower case is accepted.
 */
export const ORDER_CODE_PATTERN = /^SP-[0-9A-HJKMNP-TV-Z]{10}$/;
export const OrderCodeSchema = z
  .string()
  .max(40, 'That is not an order code (they look like SP-7K3M9Q2XHD).')
  .transform((s) => s.trim().toUpperCase())
  .refine((s) => ORDER_CODE_PATTERN.test(s), 'That is not an order code (they look like SP-7K3M9Q2XHD).');

export const OrderCodeParamsSchema = z.object({
  code: OrderCodeSchema.meta({ description: 'The order code, e.g. SP-7K3M9Q2XHD' }),
});

export const OrdersPageQuerySchema = pageQuerySchema({ defaultLimit: ORDERS_PAGE_SIZE, maxLimit: ORDERS_MAX_PAGE_SIZE });

/**
 * What an order line buys: the cart's kinds (a shop ship, a blind box), one marketplace
 * listing bought from its detail page, land credit bought by a top-up (land-credit.ts), or the
 * fee that converts one of the player's ship copies to an NFT (`ship_mint`, minting.ts).
 * A cart never holds a listing or land credit (CART_OBJECTS); both are bought alone.
 */
export const ORDER_LINE_OBJECTS = [...CART_OBJECTS, 'listing', 'land_credit', 'ship_mint'] as const;
export const OrderLineObjectSchema = z.enum(ORDER_LINE_OBJECTS);
export type OrderLineObject = z.infer<typeof OrderLineObjectSchema>;

/**
 * What opening an order asks for (server side, OrdersService.openOrder): cart lines, a
 * single `{ object: 'listing', id: <listing _id>, total: 1 }`, or a single top-up
 * `{ object: 'land_credit', id: 'land_credit', total: <credits> }` (priced by the server).
 * Parsed from a payment call's body, never taken as it comes: the cart schemas refuse both.
 */
export type OrderLineRequest = {
  id: string;
  total: number;
  object: OrderLineObject;
  /**
   * A listing line: the sell price (micro-units) the buyer saw. When the seller has changed it
   * since, the order is refused with the new price, so nobody pays a price they did not see.
   */
  priceMicro?: string;
};

/** What the buyer's expected price field says (a listing bought from its page). */
export const ExpectedPriceSchema = z
  .string()
  .regex(/^\d{1,18}$/, 'price_micro must be a whole number of micro-units (USD × 10⁶).')
  .optional()
  .meta({ description: "The listing's sell_price_micro as the buyer saw it; if the seller changed the price since, the call answers 409 with the new price" });

/** One line of an order: what was reserved, at the price we charged for it. */
export const OrderLineSchema = z.object({
  object: OrderLineObjectSchema,
  /** the cart id: a shop line's _id, or 'blindbox-<code>'; a listing's marketplace _id; 'land_credit' for a top-up */
  id: z.string(),
  name: z.string(),
  /** quantity */
  total: z.number().int(),
  sell_price: z.number(),
  sell_price_micro: MicroSchema,
  /**
   * A blind-box line only: what each box opened so far gave (the ship) with its proof (seed
   * pair, nonce, roll, odds), box by box. Boxes open once the order is paid, so a paid order
   * may show fewer than `total` for a moment; absent on every other line.
   */
  openings: z.array(PublicOpeningSchema).optional(),
});

export const OrderSchema = z.object({
  code: z.string(),
  status: OrderStatusSchema,
  method: PaymentMethodSchema,
  currency: z.literal('USD'),
  totalsub: z.number(),
  discount: z.number(),
  total: z.number(),
  totalsub_micro: MicroSchema,
  discount_micro: MicroSchema,
  total_micro: MicroSchema,
  discount_percent: z.number(),
  /** when a pending order's reservation lapses */
  expires_at: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  fulfilled_at: z.string().nullable(),
  lines: z.array(OrderLineSchema),
});
export type Order = z.infer<typeof OrderSchema>;

export const OrderResponseSchema = z.object({ error: z.literal(false), data: OrderSchema });
export const OrdersPageResponseSchema = z.object({
  error: z.literal(false),
  data: z.object({ orders: z.array(OrderSchema), ...pageFields }),
});

// The types of the responses above, for the web app (which never re-declares them by hand).
export type OrderLine = z.infer<typeof OrderLineSchema>;
export type OrderResponse = z.infer<typeof OrderResponseSchema>;
export type OrdersPageResponse = z.infer<typeof OrdersPageResponseSchema>;
/** One page of orders, as GET /api/orders answers it in `data`. */
export type OrdersPage = OrdersPageResponse['data'];
