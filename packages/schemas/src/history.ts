import { z } from 'zod';
import { MicroSchema } from './catalogue.ts';
import { pageNumber } from './pagination.ts';

/**
 * GET /api/my/history (docs/api-history.md, decision 0042): the signed-in player's activity,
 * newest first, read page by page with an opaque cursor. Each kind comes from the area that
 * owns it; the Gin conversions of the staking issue join as one more kind.
 */

export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_MAX_PAGE_SIZE = 50;

export const HISTORY_KINDS = ['purchase', 'refund', 'sale', 'referral_reward', 'redeem', 'penguin_earnings', 'gin_conversion'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** `{iso time}~{kind}~{id}`, base64url: what the last entry of a page was. */
const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;
export const CURSOR_MESSAGE = 'cursor is not one this list gave out.';

export const MyHistoryQuerySchema = z.object({
  cursor: z.string().regex(CURSOR_PATTERN, CURSOR_MESSAGE).optional().meta({
    description: 'Where to go on from: the `next_cursor` of the previous page. Absent for the newest entries.',
  }),
  limit: pageNumber('limit', HISTORY_MAX_PAGE_SIZE, HISTORY_PAGE_SIZE).meta({
    description: `Page size, default ${HISTORY_PAGE_SIZE}, at most ${HISTORY_MAX_PAGE_SIZE}`,
  }),
});

export const HistoryEntrySchema = z.object({
  /** `{kind}:{id}`, unique in the list */
  _id: z.string(),
  kind: z.enum(HISTORY_KINDS),
  at: z.string(),
  /** what happened, in a sentence for the player */
  title: z.string(),
  /** a second line: the order code, the fee, the code's last characters; null when there is nothing to add */
  detail: z.string().nullable(),
  /** whether the money or DNC came to the player (`in`) or went from them (`out`) */
  direction: z.enum(['in', 'out']),
  /** USD moved, positive; null when the entry moved no money */
  usd: z.number().nullable(),
  usd_micro: MicroSchema.nullable(),
  /** DNC moved, positive; null when none */
  dnc: z.number().int().nullable(),
  /** the page where the player sees it */
  link: z.string(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const MyHistoryResponseSchema = z.object({
  error: z.literal(false),
  data: z.array(HistoryEntrySchema),
  /** pass as `cursor` for the next page; null on the last page */
  next_cursor: z.string().nullable(),
});
export type MyHistoryResponse = z.infer<typeof MyHistoryResponseSchema>;
