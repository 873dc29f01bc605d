import { z } from 'zod';
import { MicroSchema } from './catalogue.ts';
import { PublicOpeningSchema } from './fairness-api.ts';
import { OrderStatusSchema } from './orders.ts';
import { pageFields, pageQuerySchema } from './pagination.ts';

/**
 * GET /api/my/blindboxes (docs/api-orders.md): every blind box the player bought or is buying,
 * one entry per order line, and every box a redeem code gave them, one entry per redemption,
 * with what each opened box gave and its proof.
 */

export const MY_BLIND_BOXES_PAGE_SIZE = 20;
export const MY_BLIND_BOXES_MAX_PAGE_SIZE = 100;

/**
 * Where the boxes of one line stand: `awaiting_payment` (their order is pending), `opening`
 * (paid, some boxes still being drawn), `opened` (every box drawn) or `refunded` (the order was
 * refunded; what the boxes gave stays on record).
 */
export const BOX_LINE_STATES = ['awaiting_payment', 'opening', 'opened', 'refunded'] as const;
export const BoxLineStateSchema = z.enum(BOX_LINE_STATES);
export type BoxLineState = z.infer<typeof BoxLineStateSchema>;

export const MyBlindBoxesQuerySchema = pageQuerySchema({
  defaultLimit: MY_BLIND_BOXES_PAGE_SIZE,
  maxLimit: MY_BLIND_BOXES_MAX_PAGE_SIZE,
});

export const MyBlindBoxSchema = z.object({
  /** unique in the list: `line-<order line id>` or `redemption-<redemption id>` */
  entry: z.string(),
  /** bought on an order, or granted by a redeem code (opened at once, nothing paid) */
  source: z.enum(['order', 'redeem']),
  /** the order the boxes came with (its code, SP-…); null for a redeem code's boxes */
  order: z.string().nullable(),
  order_status: OrderStatusSchema.nullable(),
  state: BoxLineStateSchema,
  /** when the order was made, or the code redeemed */
  bought_at: z.string(),
  paid_at: z.string().nullable(),
  box: z.object({ code: z.string(), name: z.string(), image: z.string() }),
  /** how many boxes of this kind the order holds (or the code gave) */
  total: z.number().int(),
  /** what one box cost; null for a redeem code's boxes */
  sell_price: z.number().nullable(),
  sell_price_micro: MicroSchema.nullable(),
  /** box by box, what was drawn so far; empty until the order is paid */
  openings: z.array(PublicOpeningSchema),
});
export type MyBlindBox = z.infer<typeof MyBlindBoxSchema>;

export const MyBlindBoxesResponseSchema = z.object({
  error: z.literal(false),
  data: z.object({ boxes: z.array(MyBlindBoxSchema), ...pageFields }),
});
export type MyBlindBoxesResponse = z.infer<typeof MyBlindBoxesResponseSchema>;
