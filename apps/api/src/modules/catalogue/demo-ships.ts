import type { ships } from '../../db/schema/index.ts';
import { generateShipDetails } from './ship-generator.ts';
import type { Prng } from './prng.ts';

export type ShipRow = typeof ships.$inferInsert & { id: number; element: number; rarity: number };

export const DEMO_SHIP_COUNT = 3000;
/**
 * Legendary ships of the demo: fewer than the 150 that may ever exist, so the blind box and
 * the shop still have Legendary serials to hand out later.
 */
export const DEMO_LEGENDARY_COUNT = 100;

const DAY_MS = 24 * 3600 * 1000;

/** Common 60%, Rare 28%, Epic 12% among the non-Legendary ships. */
function drawRarity(rng: Prng): number {
  const r = rng.next();
  return r < 0.6 ? 0 : r < 0.88 ? 1 : 2;
}

/** The demo ships, ids 1..DEMO_SHIP_COUNT, exactly DEMO_LEGENDARY_COUNT of them Legendary. */
export function demoShips(rng: Prng, now: Date): ShipRow[] {
  const rarities = Array.from({ length: DEMO_SHIP_COUNT }, (_, i) => (i < DEMO_LEGENDARY_COUNT ? 3 : drawRarity(rng)));
  rng.shuffle(rarities);
  let serial = 0;
  return rarities.map((rarity, i) => {
    const element = rng.int(0, 2);
    const legendarySerial = rarity === 3 ? ++serial : null;
    const details = generateShipDetails(rng, element, rarity, legendarySerial);
    return {
      id: i + 1,
      element,
      rarity,
      ...details,
      legendarySerial,
      createdAt: new Date(now.getTime() - rng.int(30, 365) * DAY_MS),
    };
  });
}
