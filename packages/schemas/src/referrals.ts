import { z } from 'zod';
import { MicroSchema } from './catalogue.ts';
import { pageQuerySchema } from './pagination.ts';

/**
 * GET /api/my/ref (docs/api-referrals.md): the players who arrived with the caller's referral
 * link, what their paid orders came to, and what the caller earned from them (decision 0041).
 */

export const MY_REF_PAGE_SIZE = 20;
export const MY_REF_MAX_PAGE_SIZE = 100;

/** The share of a referred player's paid order its referrer earns, by default: 5 %. */
export const DEFAULT_REFERRAL_SHARE_BPS = 500;

/** A referrer's reward for one order: `shareBps` of what it charged, rounded half up to the micro-unit. */
export const referralReward = (volumeMicro: bigint, shareBps: number): bigint => (volumeMicro * BigInt(shareBps) + 5_000n) / 10_000n;

export const MyRefQuerySchema = pageQuerySchema({ defaultLimit: MY_REF_PAGE_SIZE, maxLimit: MY_REF_MAX_PAGE_SIZE });

export const ReferralRowSchema = z.object({
  /** the referred player's id */
  _id: z.string(),
  username: z.string(),
  joined_at: z.string(),
  /** USD their paid orders charged since they arrived with the link */
  vol: z.number(),
  vol_micro: MicroSchema,
  /** how many players they referred in turn */
  aff: z.number().int(),
  /** how many items their paid orders held */
  items: z.number().int(),
  /** USD the caller earned from their orders */
  earned: z.number(),
  earned_micro: MicroSchema,
});
export type ReferralRow = z.infer<typeof ReferralRowSchema>;

export const MyRefResponseSchema = z.object({
  error: z.literal(false),
  data: z.array(ReferralRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** the caller's referral code (their wallet address), null until they link a wallet */
  code: z.string().nullable(),
  /** USD earned from every referred player's paid orders, and from how many orders */
  received: z.number(),
  received_micro: MicroSchema,
  orders: z.number().int(),
  /** USD every referred player's paid orders charged (the sum of every row's vol, not only this page's) */
  volume: z.number(),
  volume_micro: MicroSchema,
  /** the share of each paid order a referrer earns now, in basis points */
  share_bps: z.number().int(),
});
export type MyRefResponse = z.infer<typeof MyRefResponseSchema>;
