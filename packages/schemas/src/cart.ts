import { z } from 'zod';
import { MicroSchema } from './catalogue.ts';
import { CART_MAX_LINES, CART_MAX_QUANTITY, CART_OBJECTS } from './cart-constants.ts';

export { CART_MAX_LINES, CART_MAX_QUANTITY } from './cart-constants.ts';

/** What a cart line buys: a ship from the shop, or a Frontier Blind Box. */
export const CartObjectSchema = z.enum(CART_OBJECTS);
export type CartObject = z.infer<typeof CartObjectSchema>;

/**
 * One cart line as the browser sends it: `{ id, total, object }` (the shop's payment calls),
 * or the stored cart item itself, which names its id `_id`. Prices are never read from it.
 */
export const CartLineSchema = z
  .object({
    id: z.string().min(1).max(64).optional(),
    _id: z.string().min(1).max(64).optional(),
    total: z.number().int().min(1).max(CART_MAX_QUANTITY),
    object: CartObjectSchema,
  })
  .refine((line) => line.id !== undefined || line._id !== undefined, { message: 'Each cart line needs an id.' })
  .transform(({ id, _id, total, object }) => ({ id: (id ?? _id)!, total, object }));
export type CartLine = z.output<typeof CartLineSchema>;

const lines = z.array(CartLineSchema).max(CART_MAX_LINES, `A cart holds at most ${CART_MAX_LINES} different items.`);

export const GetPriceBodySchema = z.object({ items: lines });
export const StockValidateBodySchema = z.object({ ids: lines.min(1, 'The cart is empty.') });

/** A volume-discount tier: from `min_items` items in the cart, `percent` off. */
export const DiscountTierSchema = z.object({ min_items: z.number().int().min(2), percent: z.number().min(0).max(90) });
export type DiscountTier = z.infer<typeof DiscountTierSchema>;

export const PricedLineSchema = z.object({
  id: z.string(),
  object: CartObjectSchema,
  name: z.string(),
  total: z.number().int(),
  sell_price: z.number(),
  price: z.number(),
  sell_price_micro: MicroSchema,
  /** copies left; for a blind box, how many boxes can still be sold (its smallest tier supply) */
  stock: z.number().int().nullable(),
  soldout: z.boolean(),
});

/**
 * The price summary (storefront.md §3), computed on the server from our own prices.
 * totalsub: sum of sale prices × quantities; discount: the volume discount on it;
 * priceTotal: what is charged; basePrice: the listed (before-sale) prices × quantities;
 * discountPercent: the tier reached; nextDiscount / missingCount: the next tier's percent and
 * how many more items reach it (0 and 0 at the top tier). Each USD figure has a `_micro` twin.
 */
export const PriceSummarySchema = z.object({
  totalsub: z.number(),
  discount: z.number(),
  priceTotal: z.number(),
  basePrice: z.number(),
  discountPercent: z.number(),
  nextDiscount: z.number(),
  missingCount: z.number().int(),
  totalItems: z.number().int(),
  totalsub_micro: MicroSchema,
  discount_micro: MicroSchema,
  priceTotal_micro: MicroSchema,
  basePrice_micro: MicroSchema,
  lines: z.array(PricedLineSchema),
  tiers: z.array(DiscountTierSchema),
});
export type PriceSummary = z.infer<typeof PriceSummarySchema>;

export const GetPriceResponseSchema = z.object({ error: z.literal(false), data: PriceSummarySchema });
export const DiscountTiersResponseSchema = z.object({ error: z.literal(false), data: z.array(DiscountTierSchema) });

export type PricedLine = z.infer<typeof PricedLineSchema>;
export type GetPriceResponse = z.infer<typeof GetPriceResponseSchema>;
export type DiscountTiersResponse = z.infer<typeof DiscountTiersResponseSchema>;
