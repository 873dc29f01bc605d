import { z } from 'zod';

/**
 * Gin to DNC (issue 20, owned-assets.md §2.11, §3, §4.5, §7.5, §8, §9, docs/api-gin.md): the
 * player burns Gin (an ERC-20 on Ethereum or BSC in production, the local chain's GinToken in the
 * demo) by sending it from their linked wallet to the configured burn address; once the Transfer
 * log is confirmed the server credits 5 DNC per Gin, once. Conversion is final.
 */

/** owned-assets.md §9 */
export const DNC_PER_GIN = 5;
export const GIN_TRANSFER_GAS_LIMIT = 500_000;
/** the most Gin one conversion takes (keeps DNC within the ledger's integers) */
export const GIN_MAX_PER_CONVERSION = 1_000_000;
/** GET /api/convert/gin/conversions lists the newest this many */
export const GIN_CONVERSIONS_LIMIT = 50;

/** owned-assets.md §4.5: the steps the browser reports (a log only; never credits). */
export const GIN_STEPS = {
  walletDenied: 12,
  dialogOpened: 20,
  sendError: 21,
  transactionError: 22,
  transferSent: 30,
  verified: 40,
  verifyFailed: 41,
} as const;
export const GinStepSchema = z.union(
  [z.literal(12), z.literal(20), z.literal(21), z.literal(22), z.literal(30), z.literal(40), z.literal(41)],
  { error: 'step is one of 12, 20, 21, 22, 30, 40, 41.' },
);

/** owned-assets.md §5 and §8, word for word. */
export const GIN_TEXT = {
  invalidAmount: 'Invalid Gin Amount.',
  cannotValidate: 'Can not validate transaction. Please contact us!',
  cannotRequestValidate: 'Can not request validate transaction. Please contact us!',
  transactionError: 'Transaction error.',
  signatureDenied: 'Transaction Error. MetaMask Tx Signature. User Denied.',
  noAccess: 'User denied web3 access. Please install Metamask and connect your wallet.',
  noWallet: 'Please install Metamask and connect your wallet.',
} as const;
export const GIN_UNAVAILABLE = 'Gin conversion is not available on this server.';

const hexChainId = z.string().regex(/^0x[0-9a-fA-F]{1,13}$/, 'network is a chain id in hex, such as 0x38.');
const address = z.string().regex(/^0x[0-9a-f]{40}$/);

/** A network Gin can be burnt on. */
export const GinNetworkSchema = z.object({
  /** the chain id in hex, as wallets and the spec name it (0x1, 0x38) */
  network: z.string(),
  chain_id: z.number().int(),
  name: z.string(),
  /** the Gin token contract on that chain */
  token: address,
  token_decimals: z.number().int(),
  /** where burnt Gin goes */
  burn_address: address,
  explorer_url: z.string().nullable(),
});
export type GinNetwork = z.infer<typeof GinNetworkSchema>;

/** GET /api/convert/gin/terms: the networks, the rate and the limits (empty networks: unavailable). */
export const GinTermsResponseSchema = z.object({
  error: z.literal(false),
  networks: z.array(GinNetworkSchema),
  dnc_per_gin: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
  gas_limit: z.number().int(),
});
export type GinTermsResponse = z.infer<typeof GinTermsResponseSchema>;

export const GinTotalSchema = z.coerce
  .number({ error: GIN_TEXT.invalidAmount })
  .int(GIN_TEXT.invalidAmount)
  .min(1, GIN_TEXT.invalidAmount)
  .max(GIN_MAX_PER_CONVERSION, `At most ${GIN_MAX_PER_CONVERSION} Gin per conversion.`);

/** GET /api/convert/gin/config?total=&network=: a quote (network optional when only one is configured). */
export const GinConfigQuerySchema = z.object({ total: GinTotalSchema, network: hexChainId.optional() }).strict();
export type GinConfigQuery = z.input<typeof GinConfigQuerySchema>;

export const GinConversionStatusSchema = z.enum(['quoted', 'verifying', 'credited', 'failed', 'review', 'expired']);
export type GinConversionStatus = z.infer<typeof GinConversionStatusSchema>;

export const GinConversionSchema = z.object({
  tid: z.string(),
  status: GinConversionStatusSchema,
  network: z.string(),
  chain_id: z.number().int(),
  /** Gin to burn, whole Gin, and in the token's base units */
  total: z.number().int(),
  amount: z.string().regex(/^\d+$/),
  dnc: z.number().int(),
  token: address,
  burn_address: address,
  /** the player's linked wallet the Gin must come from */
  payer: address,
  txh: z.string().nullable(),
  tx_url: z.string().nullable(),
  /** why it failed or went to review (a sentence for the player) */
  failure: z.string().nullable(),
  expires_at: z.string(),
  created_at: z.string(),
});
export type GinConversion = z.infer<typeof GinConversionSchema>;

/** The quote: the spec's tid plus what the wallet must send. */
export const GinConfigResponseSchema = GinConversionSchema.extend({
  error: z.literal(false),
  gas_limit: z.number().int(),
});
export type GinConfigResponse = z.infer<typeof GinConfigResponseSchema>;

const reported = (max: number) => z.union([z.string().max(max), z.number(), z.boolean(), z.null()]).optional();
/** POST /api/convert/gin/status: the browser's step, kept as a log. */
export const GinStatusBodySchema = z
  .object({
    tid: z.string().min(1).max(80),
    step: GinStepSchema,
    payload: z.unknown().optional(),
    result: reported(2000),
    content: reported(2000),
  })
  .strict();
export type GinStatusBody = z.input<typeof GinStatusBodySchema>;

/** POST /api/convert/gin/verify */
export const GinVerifyBodySchema = z
  .object({
    tid: z.string().min(1).max(80),
    txh: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'txh is a transaction hash (0x and 64 hex digits).'),
    network: hexChainId,
  })
  .strict();
export type GinVerifyBody = z.infer<typeof GinVerifyBodySchema>;

/**
 * The answer to verify and to GET /api/convert/gin/:tid: credited (msg says so, dnc_balance is the
 * new balance), or still verifying (the browser asks again), or failed / review with `failure`.
 */
export const GinConversionResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  conversion: GinConversionSchema,
  dnc_balance: z.number().int(),
});
export type GinConversionResponse = z.infer<typeof GinConversionResponseSchema>;

export const GinConversionsResponseSchema = z.object({ error: z.literal(false), data: z.array(GinConversionSchema) });
export type GinConversionsResponse = z.infer<typeof GinConversionsResponseSchema>;
