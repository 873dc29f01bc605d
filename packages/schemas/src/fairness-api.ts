import { z } from 'zod';
import { CLIENT_SEED_MAX_LENGTH, isValidClientSeed } from './fairness.ts';
import { pageFields, pageQuerySchema } from './pagination.ts';

/**
 * The fairness calls (docs/api-fairness.md): the player's seed pair, its rotation, and the
 * openings with everything needed to check them. The algorithm itself is in ./fairness.ts
 * (zod-free, for the verifier page).
 */

const int = () => z.number().int();

export const OPENINGS_PAGE_SIZE = 20;
export const OPENINGS_MAX_PAGE_SIZE = 100;

export const CLIENT_SEED_MSG = `The client seed must be 1 to ${CLIENT_SEED_MAX_LENGTH} printable ASCII characters (letters, digits, punctuation or spaces).`;

export const ClientSeedSchema = z
  .string({ error: CLIENT_SEED_MSG })
  .refine((s) => isValidClientSeed(s), CLIENT_SEED_MSG)
  .meta({ description: `1–${CLIENT_SEED_MAX_LENGTH} printable ASCII characters`, example: 'my lucky seed' });

/** PUT /api/fairness/client_seed */
export const ClientSeedBodySchema = z.strictObject({ client_seed: ClientSeedSchema });
export type ClientSeedBody = z.infer<typeof ClientSeedBodySchema>;

/** The active pair: the server seed itself stays secret until the pair is rotated. */
export const ActiveSeedSchema = z.object({
  /** SHA-256 of the server seed's hex text */
  server_seed_hash: z.string(),
  client_seed: z.string(),
  /** the nonce the next opened box uses */
  next_nonce: int(),
  created_at: z.string(),
});
export type ActiveSeed = z.infer<typeof ActiveSeedSchema>;

/** The pair a rotation ended, now with its server seed. */
export const RevealedSeedSchema = z.object({
  server_seed: z.string(),
  server_seed_hash: z.string(),
  client_seed: z.string(),
  /** the last nonce a box was opened with; null when none was */
  last_nonce: int().nullable(),
});
export type RevealedSeed = z.infer<typeof RevealedSeedSchema>;

export const FairnessSeedResponseSchema = z.object({ error: z.literal(false), data: ActiveSeedSchema });
export const SeedRotationResponseSchema = z.object({
  error: z.literal(false),
  data: z.object({ revealed: RevealedSeedSchema.nullable(), active: ActiveSeedSchema }),
});

/** Odds in basis points (they sum to 10000), as they were when the box was opened. */
export const OpeningOddsSchema = z.object({ common: int(), rare: int(), epic: int(), legend: int() });

export const OpeningShipSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 0 Common … 3 Legendary */
  rarity: int(),
  /** 0 Human, 1 AI, 2 Alien */
  element: int(),
  image: z.string(),
});

/** One opened box, as anyone may see it: no player, no order. */
export const PublicOpeningSchema = z.object({
  id: z.string(),
  box_code: z.string(),
  box_name: z.string(),
  opened_at: z.string(),
  server_seed_hash: z.string(),
  /** null until the pair is rotated */
  server_seed: z.string().nullable(),
  client_seed: z.string(),
  nonce: int(),
  /** 0..9999 */
  roll: int(),
  /** 0 Common … 3 Legendary */
  rarity: int(),
  odds: OpeningOddsSchema,
  ship: OpeningShipSchema,
});
export type PublicOpening = z.infer<typeof PublicOpeningSchema>;

/** The player's own list adds the order the box came with: null for a box a redeem code granted. */
export const MyOpeningSchema = PublicOpeningSchema.extend({ order_code: z.string().nullable() });
export type MyOpening = z.infer<typeof MyOpeningSchema>;

export const OpeningsPageQuerySchema = pageQuerySchema({ defaultLimit: OPENINGS_PAGE_SIZE, maxLimit: OPENINGS_MAX_PAGE_SIZE });

export const OpeningsPageResponseSchema = z.object({
  error: z.literal(false),
  data: z.array(MyOpeningSchema),
  ...pageFields,
});

export const OpeningIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, 'That is not an opening id (a whole number).')
    .meta({ description: 'The opening id' }),
});

export const OpeningResponseSchema = z.object({ error: z.literal(false), data: PublicOpeningSchema });

// The types of the responses above, for the web app (which never re-declares them by hand).
export type FairnessSeedResponse = z.infer<typeof FairnessSeedResponseSchema>;
export type SeedRotationResponse = z.infer<typeof SeedRotationResponseSchema>;
/** The pair a rotation revealed (null when there was none) and the new active one. */
export type SeedRotation = SeedRotationResponse['data'];
export type OpeningOdds = z.infer<typeof OpeningOddsSchema>;
export type OpeningShip = z.infer<typeof OpeningShipSchema>;
export type OpeningsPageResponse = z.infer<typeof OpeningsPageResponseSchema>;
export type OpeningResponse = z.infer<typeof OpeningResponseSchema>;
