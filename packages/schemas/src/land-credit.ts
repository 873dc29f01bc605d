import { z } from 'zod';
import { TidSchema } from './crypto-payments.ts';
import { ItemStatusBodySchema, WidgetSessionSchema } from './widget-payments.ts';

/**
 * Land-credit top-up (owned-assets.md §4.8, §7.6; docs/api-land-credit.md). One credit buys one
 * free plot at the default plot price. A top-up is an order of one line `land_credit` × quantity,
 * opened through the same start-payment workflow as every purchase; the paid order credits the
 * ledger once.
 */

export { topUpItemName, TOP_UP_PAID_MSG, TOP_UP_RETURN_PATH, TOP_UP_RETURN_PARAMS, type TopUpReturnResult } from './land-credit-texts.ts';

/** GET /api/credit/topup: what a credit costs now and how many one top-up may buy (operator settings). */
export const TopUpTermsResponseSchema = z.object({
  error: z.literal(false),
  /** USD per credit, 3 decimals at most */
  usd_per_credit: z.number(),
  /** the same in micro-units (1 USD = 1,000,000), exact */
  usd_per_credit_micro: z.string(),
  /** the least and most credits one top-up buys */
  min_quantity: z.number().int(),
  max_quantity: z.number().int(),
});
export type TopUpTermsResponse = z.infer<typeof TopUpTermsResponseSchema>;

/**
 * POST /api/stripe/buyTopup, POST /api/credit/payment/wertio, POST /api/credit/payment/eth_crypto:
 * `{ quantity }`. The bounds are checked by the server against its settings (400 with the bounds).
 */
export const TopUpBodySchema = z.strictObject({
  quantity: z
    .number({ error: 'quantity must be a whole number of land credits.' })
    .int('quantity must be a whole number of land credits.')
    .min(1, 'quantity must be at least 1.')
    .max(1_000_000, 'quantity must be at most 1,000,000.'),
});
export type TopUpBody = z.infer<typeof TopUpBodySchema>;


/** The id a top-up's order line goes by (GET /api/orders/{code} `lines[0].id`). */
export const TOP_UP_LINE_ID = 'land_credit';

/** The 400 for a quantity outside the operator's bounds: "You can buy from 1 to 1,000 land credits at a time." */
export const topUpBoundsMsg = (min: number, max: number): string =>
  `You can buy from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')} land credits at a time.`;

/**
 * POST /api/credit/payment/wertio: the shop's widget session (`data`, its `item_name` "Buy {n}
 * Land Credit"), with the spec's `totalUSD` beside it (the order total, as `data.totalUSD`).
 */
export const TopUpWidgetResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  tid: z.string(),
  data: WidgetSessionSchema,
  totalUSD: z.number(),
});
export type TopUpWidgetResponse = z.infer<typeof TopUpWidgetResponseSchema>;

/** PATCH /api/credit/payment_status: what the top-up's widget reports (status 1/2/4); logged, never acted on. */
export const TopUpStatusBodySchema = z.strictObject({ ...ItemStatusBodySchema.shape, tid: TidSchema });
export type TopUpStatusBody = z.infer<typeof TopUpStatusBodySchema>;

/** Opening an order of a top-up with any other line is a 400: a top-up is bought alone (no volume discount, nothing reserved). */
export const TOP_UP_ALONE_MSG = 'Land credit is bought on its own: a top-up is the only line of its order.';
