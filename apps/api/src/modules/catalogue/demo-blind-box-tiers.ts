import { BLIND_BOX, LEGENDARY_SUPPLY } from '@starport/schemas';
import type { blindBoxTiers } from '../../db/schema/index.ts';

/**
 * How many ships of each rarity the Frontier Blind Box can hand out (docs/decisions/0017).
 * Legendary is whatever is left of the 150 once the seeded Legendary ships exist, so a box can
 * never promise a 151st. The others are set so Legendary is what runs out first: at the 1%
 * Legendary odds, its 50 ships last about 5,000 boxes, which draw about 3,500 Common (70%),
 * 1,100 Rare (22%) and 350 Epic (7%); 5,000 / 2,500 / 1,000 leave each of those plenty of room.
 * The box is sold out when any tier is empty (each box in a pending order holds one of every tier).
 */
export const FRONTIER_TIER_SUPPLY = { common: 5000, rare: 2500, epic: 1000 } as const;

export function demoBlindBoxTiers(legendaryShips: number): (typeof blindBoxTiers.$inferInsert)[] {
  const { common, rare, epic } = FRONTIER_TIER_SUPPLY;
  return [common, rare, epic, Math.max(0, LEGENDARY_SUPPLY - legendaryShips)].map((supply, rarity) => ({
    boxCode: BLIND_BOX.code,
    rarity,
    supply,
  }));
}
