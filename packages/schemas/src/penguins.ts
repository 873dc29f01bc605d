import { z } from 'zod';
import { PENGUIN_RARITIES } from './penguin-rules.ts';

/**
 * Penguin staking (owned-assets.md §2.10, §3 Penguin, §4.6, §7.4; decision 0039). The spec's
 * paths spell the word `peguins`; the field names follow the spec (`spaceship`, `peguin`).
 */

export * from './penguin-rules.ts';

export const PenguinSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** art path; add ?resize=300x300 or 800x800 */
  image: z.string(),
  rarity: z.number().int().min(0).max(3),
  rarity_name: z.enum(PENGUIN_RARITIES),
  /** the staking boost, percent of the daily rate */
  boost_percent: z.number().int(),
  /** DNC an assigned ship earns per whole day on it, at today's rate */
  daily_dnc: z.number().int(),
});
export type Penguin = z.infer<typeof PenguinSchema>;

export const PenguinCollectionResponseSchema = z.object({
  error: z.literal(false),
  data: z.array(PenguinSchema.extend({ owned: z.boolean().describe('whether some player owns it') })),
  /** the configured DNC per day before the boost */
  rate_per_day: z.number().int(),
});
export type PenguinCollectionResponse = z.infer<typeof PenguinCollectionResponseSchema>;

export const PenguinShipSchema = z.object({
  /** the ship copy's My Assets `_id` */
  _id: z.string(),
  assigned_at: z.string(),
  item: z.object({ image: z.string(), name: z.string(), element: z.number().int(), rarity: z.number().int() }),
});

export const MyPenguinSchema = PenguinSchema.extend({
  spaceship: PenguinShipSchema.nullable(),
  /** whole days earned and not yet collected (including days banked from a ship since removed) */
  accrued_dnc: z.number().int(),
});
export type MyPenguin = z.infer<typeof MyPenguinSchema>;

export const MyPenguinsResponseSchema = z.object({
  error: z.literal(false),
  data: z.array(MyPenguinSchema),
  rate_per_day: z.number().int(),
  /** the sum of accrued_dnc: what Collect would credit now */
  accrued_total: z.number().int(),
  /** one collect per UTC day: true when today's is done */
  collected_today: z.boolean(),
  /** when the next collect is allowed (next UTC midnight) while collected_today */
  next_collect_at: z.string().nullable(),
});
export type MyPenguinsResponse = z.infer<typeof MyPenguinsResponseSchema>;

const idText = (what: string) =>
  z
    .union([z.string(), z.number()], { error: `Which ${what}? It is missing.` })
    .transform((v) => String(v).trim())
    .refine((v) => /^[1-9]\d{0,17}$/.test(v), { message: `That is not one of your ${what}s.` });

/** POST /api/my/peguins/assign: `spaceship` is the ship's My Assets `_id`, `peguin` the penguin's `_id`. */
export const AssignPenguinBodySchema = z.strictObject({
  spaceship: idText('spaceship'),
  peguin: idText('penguin'),
});
export type AssignPenguinBody = z.input<typeof AssignPenguinBodySchema>;

export const PenguinIdParamsSchema = z.object({
  id: z.string().regex(/^[1-9]\d{0,9}$/, 'That is not one of your penguins.').describe("the penguin's `_id`"),
});

export const AssignPenguinResponseSchema = z.object({ error: z.literal(false), msg: z.string(), peguin: MyPenguinSchema });
export const RemovePenguinShipResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  /** whole days the ship earned there, kept on the penguin for the next collect */
  banked_dnc: z.number().int(),
});
export const CollectPenguinsResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  /** DNC credited now */
  amount: z.number().int(),
  /** the DNC balance after it */
  balance: z.number().int(),
});
export type CollectPenguinsResponse = z.infer<typeof CollectPenguinsResponseSchema>;
