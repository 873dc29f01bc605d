import { z } from 'zod';

/** A chain as the browser's wallet needs it: to switch to it, or to add it first. */
export const PublicChainSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  rpcUrl: z.string(),
  explorerUrl: z.string().nullable(),
  nativeSymbol: z.string(),
  confirmations: z.number().int(),
});
export type PublicChain = z.infer<typeof PublicChainSchema>;

/**
 * GET /api/chain/config: what the wallet code needs, with no secrets. `payment` is null when
 * crypto payments are not set up (the checkout then shows the crypto choice as unavailable).
 */
export const ChainInfoResponseSchema = z.object({
  error: z.literal(false),
  /** the chain wallet sign-in messages name, and payments use */
  signInChainId: z.number().int().nullable(),
  chains: z.array(PublicChainSchema),
  payment: z
    .object({
      chainId: z.number().int(),
      token: z.object({ address: z.string(), symbol: z.string(), decimals: z.number().int() }),
      recipient: z.string(),
    })
    .nullable(),
  /** true on the local anvil that `npm start` runs: its demo keys are public */
  local: z.boolean(),
});
export type ChainInfoResponse = z.infer<typeof ChainInfoResponseSchema>;
