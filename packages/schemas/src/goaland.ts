import { z } from 'zod';

/**
 * GOALAND land staking (owned-assets.md §2.12, §3 "Land staking summary", §7.4; decision 0046):
 * every plot a player owns earns DNC per whole day; Collect credits it once per UTC day.
 */

/** The length of one staking period: a collect is allowed once per UTC day. */
export const GOALAND_PERIOD = 'utc-day' as const;

/** `GET /api/fetch/lands`: the programme anyone may read. */
export const GoalandProgrammeResponseSchema = z.object({
  error: z.literal(false),
  /** DNC one plot earns per whole day */
  rate_per_plot_day: z.number().int(),
  period: z.literal(GOALAND_PERIOD),
  description: z.string(),
});
export type GoalandProgrammeResponse = z.infer<typeof GoalandProgrammeResponseSchema>;

/** `GET /api/my/lands`: the spec's land staking summary plus what Collect would credit now. */
export const MyLandStakingResponseSchema = z.object({
  error: z.literal(false),
  /** plots the player owns */
  total: z.number().int(),
  /** DNC those plots earn per day */
  dailyEarn: z.number().int(),
  /** whether Collect DNC can be pressed now (not collected today and something accrued) */
  enable: z.boolean(),
  /** the next UTC midnight when today's collect is done, otherwise null */
  next_time: z.string().nullable(),
  /** DNC earned by whole days and not yet collected */
  accrued: z.number().int(),
  rate_per_plot_day: z.number().int(),
  description: z.string(),
});
export type MyLandStakingResponse = z.infer<typeof MyLandStakingResponseSchema>;

/** `POST /api/my/lands/claim` takes no fields; an empty body or `{}` only. */
export const ClaimLandsBodySchema = z.object({}).strict().optional();

export const ClaimLandsResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  /** DNC credited now */
  amount: z.number().int(),
  /** the DNC balance after it */
  balance: z.number().int(),
  /** the next UTC midnight: when the next collect is allowed */
  next_time: z.string(),
});
export type ClaimLandsResponse = z.infer<typeof ClaimLandsResponseSchema>;
