import { z } from 'zod';
import { CART_MAX_LINES } from './cart-constants.ts';
import { CartLineSchema } from './cart.ts';
import { SHOP_CRYPTO_STEPS } from './crypto-steps.ts';
import { ExpectedPriceSchema } from './orders.ts';

export * from './crypto-steps.ts';

/** PostgreSQL cannot store U+0000 in text: refused here with the message the API gives for it. */
const hasNoNul = (text: string) => !text.includes('\u0000');
const noNul = { error: 'Text must not contain NUL characters.' } as const;

export const TxHashSchema = z
  .string({ error: 'The transaction hash is missing.' })
  .regex(/^0x[0-9a-fA-F]{64}$/, { error: 'That is not a transaction hash (0x followed by 64 hex digits).' });
export const TidSchema = z
  .string({ error: 'The payment session (tid) is missing.' })
  .min(1)
  .max(80)
  .refine(hasNoNul, noNul);

/** POST /api/shop_payment/eth_crypto: the cart. */
export const ShopCryptoBodySchema = z.strictObject({
  ids: z
    .array(CartLineSchema)
    .min(1, 'The cart is empty.')
    .max(CART_MAX_LINES, `A cart holds at most ${CART_MAX_LINES} different items.`),
});

/** POST /api/payment/eth_crypto: one shop item (a ship, a blind box) bought from its page. */
export const ItemCryptoBodySchema = z.strictObject({
  id: z.string({ error: 'Which item? The id is missing.' }).min(1).max(64).refine(hasNoNul, noNul),
  object: z.enum(['spaceship', 'blindbox']).optional(),
});

/** POST /api/marketplace/buy_session: one marketplace listing. */
export const ListingCryptoBodySchema = z.strictObject({
  id: z.string({ error: 'Which item? The id is missing.' }).min(1).max(64).refine(hasNoNul, noNul),
  price_micro: ExpectedPriceSchema,
});

/**
 * The quote every crypto call answers with: send `amountBase` base units of the token at
 * `tokenAddress` on `targetNetworkId` to `targetWallet`, from `payerWallet`, before `expiresAt`.
 * `amountCurrency` is the same amount in whole tokens ("237.500000"). The marketplace call adds
 * the spec's contractAddress / contractAbi / totalUSD / invoice_code.
 */
export const CryptoQuoteSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  tid: z.string(),
  invoice_code: z.string(),
  targetNetworkId: z.number().int(),
  targetWallet: z.string(),
  tokenAddress: z.string(),
  tokenSymbol: z.string(),
  tokenDecimals: z.number().int(),
  amountCurrency: z.string(),
  amountBase: z.string(),
  totalUSD: z.number(),
  payerWallet: z.string(),
  expiresAt: z.string(),
});
export type CryptoQuote = z.infer<typeof CryptoQuoteSchema>;

export const ListingCryptoQuoteSchema = CryptoQuoteSchema.extend({
  contractAddress: z.string(),
  contractAbi: z.array(z.unknown()),
});
export type ListingCryptoQuote = z.infer<typeof ListingCryptoQuoteSchema>;

/** POST …/verify: the transaction the browser sent. */
export const CryptoVerifyBodySchema = z.strictObject({
  tid: TidSchema,
  txh: TxHashSchema,
  /** the marketplace call's field; must be the player's linked wallet when given */
  from_wallet: z.string().regex(/^0x[0-9a-fA-F]{40}$/).optional(),
});
export type CryptoVerifyBody = z.infer<typeof CryptoVerifyBodySchema>;

export const CRYPTO_PAYMENT_STATUSES = ['awaiting_transfer', 'verifying', 'paid', 'failed', 'review'] as const;
export type CryptoPaymentStatus = (typeof CRYPTO_PAYMENT_STATUSES)[number];

/**
 * The answer of …/verify (and GET /api/payment/eth_crypto/{tid}): `verifying` means the job
 * has not decided yet (ask again); `paid` is final; `failed` and `review` carry `msg`.
 */
export const CryptoVerifyResponseSchema = z.object({
  /** true for `failed` and `review`: the purchase did not go through as it was (show msg) */
  error: z.boolean(),
  /** with error: PAYMENT_FAILED (nothing bought) or PAYMENT_REVIEW (money received, an operator decides) */
  code: z.enum(['PAYMENT_FAILED', 'PAYMENT_REVIEW']).optional(),
  msg: z.string(),
  status: z.enum(CRYPTO_PAYMENT_STATUSES),
  invoice_code: z.string(),
  txh: z.string().nullable(),
  /** {explorerUrl}/tx/{txh} when the chain has an explorer */
  explorerTxUrl: z.string().nullable(),
});
export type CryptoVerifyResponse = z.infer<typeof CryptoVerifyResponseSchema>;

/** A browser report's free-form JSON (payload, result): at most 8 KiB, as the widget's reports. */
export const CRYPTO_REPORT_MAX_BYTES = 8 * 1024;
const reportJson = (field: string) =>
  z
    .unknown()
    .refine((v) => v === undefined || new TextEncoder().encode(JSON.stringify(v) ?? '').length <= CRYPTO_REPORT_MAX_BYTES, {
      message: `${field} must be at most ${CRYPTO_REPORT_MAX_BYTES} bytes of JSON.`,
    })
    .optional();

/** POST /api/payment/eth_crypto/status: a browser step report, kept in the order's log. */
export const CryptoStatusBodySchema = z.strictObject({
  tid: TidSchema,
  step: z.union([z.number().int().min(0).max(99), z.enum(SHOP_CRYPTO_STEPS)], {
    error: `step must be a step number (0-99) or one of ${SHOP_CRYPTO_STEPS.join(', ')}.`,
  }),
  payload: reportJson('payload'),
  result: reportJson('result'),
  content: z.string().max(2000).refine(hasNoNul, noNul).optional(),
});
export type CryptoStatusBody = z.infer<typeof CryptoStatusBodySchema>;

/** The answer to a step report: the payment's status as the server knows it (a report never changes it). */
export const CryptoStatusResponseSchema = z.object({
  error: z.literal(false),
  status: z.enum(CRYPTO_PAYMENT_STATUSES),
});
export type CryptoStatusResponse = z.infer<typeof CryptoStatusResponseSchema>;

/** GET /api/payment/eth_crypto/{tid} */
export const CryptoTidParamsSchema = z.object({ tid: TidSchema });
