import { z } from 'zod';

/**
 * Minting calls (docs/api-minting.md, owned-assets.md §4.1, §7.2, §8): a land collection
 * becomes one LandCollectionNFT in the player's linked wallet, minted by the server.
 */

/** owned-assets.md §8: the answer to a mint request. */
export const MINT_QUEUED = 'Your NFT minting task added to queue.';
/** owned-assets.md §8: what a failed mint is called. */
export const MINT_FAILED = 'Minting failed';
/** owned-assets.md §8 ("No wallet"): a mint needs a linked wallet to mint to. */
export const MINT_NEEDS_WALLET = 'Please install Metamask and connect your wallet.';
export const MINTING_UNAVAILABLE = 'Minting is not available on this server.';

/** A collection's mint state (owned-assets.md §3): 0 not minted, 1 minting, 2 minted. */
export const MintStateSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

const collectionId = (field: string) =>
  z.union(
    [
      z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number)
        .refine((n) => n > 0),
    ],
    { error: `${field} is a collection id.` },
  );

export const LandMintBodySchema = z.object({ id: collectionId('id') }).strict();
export const MintStatusBodySchema = z.object({ collectionID: collectionId('collectionID') }).strict();
export const MyMintsRefreshBodySchema = z.object({}).strict().optional();

const reported = (max: number) => z.string().max(max).optional();
/** POST /api/mint/status: a browser's account of a mint, kept as a log only. */
export const MintReportBodySchema = z
  .object({
    tokenId: z.union([z.string().max(80), z.number()]).optional(),
    transaction_hash: reported(100),
    from: reported(100),
    to: reported(100),
    status: z.union([z.string().max(40), z.number()]).optional(),
  })
  .strict();

export const LandMintResponseSchema = z.object({ error: z.literal(false), msg: z.string() });

/** One collection's mint: its state, its transaction and where to see it, and why it failed. */
export const CollectionMintSchema = z.object({
  collectionID: z.number().int(),
  state: MintStateSchema,
  /** the mint's transaction once minted */
  txid: z.string().nullable(),
  /** the transaction in the chain's block explorer, when the chain has one */
  tx_url: z.string().nullable(),
  /** why the last mint failed (the collection is back at state 0), else null */
  failure: z.string().nullable(),
});
export type CollectionMint = z.infer<typeof CollectionMintSchema>;

export const MintStatusResponseSchema = CollectionMintSchema.extend({ error: z.literal(false) });
export const MyMintsRefreshResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  /** stalled mints queued again */
  requeued: z.number().int(),
  data: z.array(CollectionMintSchema),
});
export const MintReportResponseSchema = z.object({ error: z.literal(false), msg: z.string() });

export type LandMintResponse = z.infer<typeof LandMintResponseSchema>;
export type MintStatusResponse = z.infer<typeof MintStatusResponseSchema>;
export type MyMintsRefreshResponse = z.infer<typeof MyMintsRefreshResponseSchema>;

/**
 * Ship to NFT (owned-assets.md §4.2, §4.4, §7.7; docs/api-minting.md): the player pays the mint
 * fee in USDC from the linked wallet, then the server mints the ship copy as a ShipNFT to it.
 */
export const ShipMintTermsResponseSchema = z.object({
  error: z.literal(false),
  /** the fee in US dollars (USDC on the payment chain) */
  fee_usd: z.number(),
  fee_usd_micro: z.string(),
  /** false when this server cannot take the fee or mint: the button says so */
  available: z.boolean(),
});
export type ShipMintTermsResponse = z.infer<typeof ShipMintTermsResponseSchema>;

/** POST /api/minting/request/: the ship copy's `_id` as GET /api/my/assets gives it. */
export const ShipMintBodySchema = z
  .object({
    item_id: z.union([z.string().regex(/^\d{1,15}$/, 'item_id is a ship of yours (its _id).'), z.number().int().positive().max(Number.MAX_SAFE_INTEGER)], {
      error: 'item_id is a ship of yours (its _id).',
    }),
  })
  .strict();

/** PATCH /api/minting/request/status: the browser's step log (1 sending, 2 receipt, 4 failed); never trusted. */
export const ShipMintStatusBodySchema = z
  .object({
    tid: z.string().min(1).max(80),
    status: z.union([z.literal(1), z.literal(2), z.literal(4)], { error: 'status is 1 (sending), 2 (receipt) or 4 (failed).' }),
    receiver: z.string().max(100).optional(),
    payload: z.unknown().optional(),
  })
  .strict();

/** An order that pays a mint fee has that one line. */
export const SHIP_MINT_ALONE_MSG = 'A mint fee is paid on its own: it is the only line of its order.';
