import { z } from 'zod';
import { CART_MAX_LINES } from './cart-constants.ts';
import { CartLineSchema } from './cart.ts';
import { ExpectedPriceSchema } from './orders.ts';

/**
 * Request and response shapes of the widget calls (storefront.md §7: /api/shop_payment/wertio,
 * /api/payment/wertio, the status and log reports). The API validates with them and the web
 * app types its widget calls with them (docs/decisions/0003).
 */

/** The shop cart: the same lines as POST /api/stripe/buy's shop form. */
export const ShopWidgetBodySchema = z.object({
  ids: z
    .array(CartLineSchema)
    .min(1, 'The cart is empty.')
    .max(CART_MAX_LINES, `A cart holds at most ${CART_MAX_LINES} different items.`),
});

/** What a detail page sells: a shop ship, a blind box, or a marketplace listing. */
export const DETAIL_PAGE_OBJECTS = ['spaceship', 'blindbox', 'listing'] as const;

/**
 * One item from its detail page: a shop line's _id or 'blindbox-<code>', or with
 * `object: 'listing'` a marketplace listing's _id. Without `object` the kind is read from the
 * id (blind boxes carry their prefix, anything else is a shop ship), as before `object` existed.
 */
export const ItemWidgetBodySchema = z.object({
  id: z.string().trim().min(1).max(64),
  object: z
    .enum(DETAIL_PAGE_OBJECTS, { error: `object must be one of ${DETAIL_PAGE_OBJECTS.join(', ')}.` })
    .optional(),
  price_micro: ExpectedPriceSchema,
});
export type ItemWidgetBody = z.infer<typeof ItemWidgetBodySchema>;

export const SignedDataSchema = z.object({
  address: z.string(),
  commodity: z.string(),
  commodity_amount: z.number(),
  network: z.string(),
  sc_address: z.string(),
  sc_input_data: z.string(),
  signature: z.string(),
});

const session = {
  /** the order code; also the widget's click_id (GET /api/orders/{tid}) */
  tid: z.string(),
  partnerID: z.string(),
  commodity: z.string(),
  network: z.string(),
  /** the widget's origin: Wert's, or {PUBLIC_URL}/sandbox/wert */
  origin: z.string(),
  signedData: SignedDataSchema,
  /** the order total in USD (its exact figure: GET /api/orders/{tid} total_micro) */
  totalUSD: z.number(),
  click_id: z.string(),
  item_name: z.string(),
};
export const WidgetSessionSchema = z.object(session);
export type WidgetSession = z.infer<typeof WidgetSessionSchema>;

export const ShopWidgetResponseSchema = z.object({
  error: z.literal(false),
  tid: z.string(),
  data: WidgetSessionSchema,
});
export const ItemWidgetResponseSchema = z.object({ error: z.literal(false), msg: z.string(), ...session });
export type SignedData = z.infer<typeof SignedDataSchema>;
export type ShopWidgetResponse = z.infer<typeof ShopWidgetResponseSchema>;
export type ItemWidgetResponse = z.infer<typeof ItemWidgetResponseSchema>;

/** Browser reports: the payload as the widget gave it, at most 8 KiB of JSON. */
export const REPORT_PAYLOAD_MAX_BYTES = 8 * 1024;
// UTF-8 bytes by TextEncoder (not Node's Buffer): this package is also read in the browser.
const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;
const payload = z
  .unknown()
  .refine((p) => p === undefined || utf8Bytes(JSON.stringify(p) ?? '') <= REPORT_PAYLOAD_MAX_BYTES, {
    message: `payload must be at most ${REPORT_PAYLOAD_MAX_BYTES} bytes of JSON.`,
  })
  .optional();
const tid = z.string().trim().min(1).max(64);

/** Payment status numbers (storefront.md §4): 1 in progress, 2 success, 4 error. */
export const PAYMENT_STATUSES = [1, 2, 4] as const;
const status = z.union([z.literal(1), z.literal(2), z.literal(4)], { error: 'status must be 1, 2 or 4.' });

/** The widget steps a shop report names (storefront.md §4). */
export const WIDGET_STEPS = ['WERT_PENDING', 'WERT_SUCCESS', 'WERT_POSITION', 'WERT_DEFAULT'] as const;

export const ItemStatusBodySchema = z.object({ tid, status, payload });
export const ShopStatusBodySchema = z.object({
  tid,
  status,
  payload,
  step: z.enum(WIDGET_STEPS).optional(),
  content: z.string().max(2000).optional(),
});
export type ShopStatusBody = z.input<typeof ShopStatusBodySchema>;
export type PaymentStatusNumber = (typeof PAYMENT_STATUSES)[number];
export type WidgetStep = (typeof WIDGET_STEPS)[number];
export const ShopLogBodySchema = z.object({ tid, event: z.string().trim().min(1).max(64), payload });

export const ReportResponseSchema = z.object({
  error: z.literal(false),
  /** the order's status as the server knows it: only a verified webhook makes it paid */
  status: z.string(),
});

export type ReportResponse = z.infer<typeof ReportResponseSchema>;

export const WertWebhookResponseSchema = z.object({ received: z.literal(true), handled: z.boolean() });
export type WertWebhookResponse = z.infer<typeof WertWebhookResponseSchema>;
