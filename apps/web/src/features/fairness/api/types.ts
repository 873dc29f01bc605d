/**
 * The fairness API's answers (another area's server module; the contract is in the task brief
 * and docs/api-fairness.md once it lands). Plain types, no zod: these pages must stay light.
 */

/** Basis points per rarity; they sum to 10000. */
export type OddsObject = { common: number; rare: number; epic: number; legend: number };

/** The player's active seed pair: the server seed itself stays secret until it is rotated. */
export type ActiveSeed = {
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
  created_at: string;
};

/** The pair a rotation ended, now with its server seed; null when it was never used. */
export type RevealedSeed = {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  last_nonce: number | null;
};

export type RotationResult = { revealed: RevealedSeed | null; active: ActiveSeed };

export type OpeningShip = { id: string | number; name: string; rarity: number };

/** One opened blind box with everything needed to check it. */
export type PublicOpening = {
  id: string | number;
  box_code: string;
  box_name: string;
  opened_at: string;
  server_seed_hash: string;
  /** null until the seed pair is rotated */
  server_seed: string | null;
  client_seed: string;
  nonce: number;
  roll: number;
  /** 0 Common, 1 Rare, 2 Epic, 3 Legendary */
  rarity: number;
  odds: OddsObject;
  ship: OpeningShip | null;
};

/** The player's own list adds the order the box came in. */
export type MyOpening = PublicOpening & { order_code: string };

/** Every query of this area starts with this key. */
export const FAIRNESS_QUERY_KEY = ['fairness'] as const;
export const OPENINGS_KEY = [...FAIRNESS_QUERY_KEY, 'openings'] as const;
