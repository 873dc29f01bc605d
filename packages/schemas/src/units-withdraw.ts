import { z } from 'zod';

/**
 * Unit pieces to the wallet (issue 19, docs/api-minting.md "Unit pieces to the wallet",
 * decision 0051): container-house pieces leave the off-chain balance and become HouseUnits
 * tokens (ERC-1155, token id = the apartment's unit type, one token per piece) in the linked wallet.
 */

/** The apartments, 1..120 (owned-assets.md §2.2). */
export const APARTMENT_COUNT = 120;

const wholeNumber = (field: string, min: number, max: number) =>
  z.number({ error: `${field} is a whole number from ${min} to ${max}.` }).int(`${field} is a whole number from ${min} to ${max}.`).min(min, `${field} is a whole number from ${min} to ${max}.`).max(max, `${field} is a whole number from ${min} to ${max}.`);

/** POST /api/units/withdraw: how many pieces of which apartment. */
export const UnitWithdrawBodySchema = z
  .object({
    apartment: wholeNumber('apartment', 1, APARTMENT_COUNT),
    // No apartment type is split into more than a few hundred pieces; the owned check does the rest.
    pieces: wholeNumber('pieces', 1, 1_000_000),
  })
  .strict();
export type UnitWithdrawBody = z.infer<typeof UnitWithdrawBodySchema>;

/** minting: on its way to the wallet; minted: tokens in the wallet; returned: the mint failed, pieces back off chain. */
export const UnitWithdrawalStatusSchema = z.enum(['minting', 'minted', 'returned']);

export const UnitWithdrawalSchema = z.object({
  id: z.number().int(),
  apartment: z.number().int(),
  /** the HouseUnits token id */
  unit_type: z.number().int(),
  pieces: z.number().int(),
  status: UnitWithdrawalStatusSchema,
  /** the mint's transaction once sent */
  txid: z.string().nullable(),
  /** the transaction in the chain's block explorer, when the chain has one */
  tx_url: z.string().nullable(),
  /** why the mint failed (the pieces are back), else null */
  failure: z.string().nullable(),
  created_at: z.string(),
});
export type UnitWithdrawal = z.infer<typeof UnitWithdrawalSchema>;

export const UnitWithdrawResponseSchema = z.object({ error: z.literal(false), msg: z.string(), withdrawal: UnitWithdrawalSchema });
export type UnitWithdrawResponse = z.infer<typeof UnitWithdrawResponseSchema>;

export const UnitWithdrawalsResponseSchema = z.object({ error: z.literal(false), data: z.array(UnitWithdrawalSchema) });
export type UnitWithdrawalsResponse = z.infer<typeof UnitWithdrawalsResponseSchema>;

/** GET /api/units/withdrawals/:id */
export const UnitWithdrawalParamsSchema = z.object({
  id: z.string().regex(/^\d{1,15}$/, 'id is a withdrawal of yours.').transform(Number),
});
export const UnitWithdrawalResponseSchema = z.object({ error: z.literal(false), withdrawal: UnitWithdrawalSchema });
export type UnitWithdrawalResponse = z.infer<typeof UnitWithdrawalResponseSchema>;
