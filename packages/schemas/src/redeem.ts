import { z } from 'zod';
import { PublicOpeningSchema } from './fairness-api.ts';

/**
 * Redeem codes (docs/api-redeem.md): a player types a code an operator made and receives what
 * it grants: DNC, a copy of a catalogue ship, or blind boxes opened on the spot (provably fair). Codes are compared trimmed and case-insensitive.
 */

export const REDEEM_CODE_MAX_LENGTH = 64;
export const REDEEM_NO_CODE_MSG = 'Please enter a code.';

/** What players type, as the server compares it: trimmed, upper case. */
export const normaliseRedeemCode = (code: string): string => code.trim().toUpperCase();

export const RedeemBodySchema = z
  .object({
    code: z
      .string({ error: REDEEM_NO_CODE_MSG })
      .trim()
      .min(1, REDEEM_NO_CODE_MSG)
      .max(REDEEM_CODE_MAX_LENGTH, `A code has at most ${REDEEM_CODE_MAX_LENGTH} characters.`),
  })
  .strict();
export type RedeemBody = z.infer<typeof RedeemBodySchema>;

export const RedemptionSchema = z.object({
  _id: z.string(),
  /** the code's first characters, as the player may recognise it */
  code_hint: z.string(),
  kind: z.enum(['dnc', 'ship', 'blindbox']),
  /** DNC granted (kind dnc), else null */
  dnc: z.number().int().nullable(),
  /** the ship granted (kind ship): `asset_id` is its My Assets `_id` */
  ship: z.object({ asset_id: z.string(), ship_id: z.number().int(), name: z.string() }).nullable(),
  /**
   * the boxes granted (kind blindbox), opened at once: each opening with its proof, as
   * /api/fairness/openings/:id shows it, and the ship it gave (in My Assets)
   */
  box: z
    .object({ code: z.string(), name: z.string(), count: z.number().int(), openings: z.array(PublicOpeningSchema) })
    .nullable(),
  /** a phrase saying what was granted, e.g. "5,000 DNC", "the ship Vega Hawk", "a Frontier Blind Box: Vega Hawk (Rare)" */
  granted: z.string(),
  redeemed_at: z.string(),
});
export type Redemption = z.infer<typeof RedemptionSchema>;

export const RedeemResponseSchema = z.object({ error: z.literal(false), msg: z.string(), redemption: RedemptionSchema });
export type RedeemResponse = z.infer<typeof RedeemResponseSchema>;

export const MY_REDEEMS_LIMIT = 50;
export const MyRedeemsResponseSchema = z.object({ error: z.literal(false), data: z.array(RedemptionSchema) });
export type MyRedeemsResponse = z.infer<typeof MyRedeemsResponseSchema>;
