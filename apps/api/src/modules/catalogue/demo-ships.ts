import { ELEMENTS, RARITIES } from '@starport/schemas';
import type { ships } from '../../db/schema/index.ts';
import { BASE_STATS, ELEMENT_BIAS, HULL_CLASSES, NAME_PARTS, type StatName } from './definitions.ts';
import type { Prng } from './prng.ts';

export type ShipRow = typeof ships.$inferInsert & { id: number; element: number; rarity: number };

export const DEMO_SHIP_COUNT = 3000;
/**
 * Legendary ships of the demo: fewer than the 150 that may ever exist, so the blind box and
 * the shop still have Legendary serials to hand out later.
 */
export const DEMO_LEGENDARY_COUNT = 100;

const DAY_MS = 24 * 3600 * 1000;
const STAT_NAMES: StatName[] = ['health', 'healing', 'gunDamage', 'rocketDamage', 'defense', 'afterburner', 'rocketRechargeTime', 'rocketFireRate'];

const FLAVOUR: Record<number, string> = {
  0: 'A dependable workhorse of the outer lanes.',
  1: 'Refitted with upgraded weapon mounts and a reinforced frame.',
  2: 'Built in small numbers for elite squadrons.',
  3: 'One of only 150 Legendary ships that will ever exist.',
};

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
    const parts = NAME_PARTS[element]!;
    const base = `${rng.pick(parts.first)} ${rng.pick(parts.second)}`;
    const name = legendarySerial ? `${base} Prime` : `${base} MK-${rng.int(100, 999)}`;
    const stats = Object.fromEntries(
      STAT_NAMES.map((stat) => {
        const bias = ELEMENT_BIAS[element]?.[stat] ?? 1;
        return [stat, Math.round(BASE_STATS[rarity]![stat] * bias * (0.85 + rng.next() * 0.3))];
      }),
    ) as Record<StatName, number>;
    const el = ELEMENTS[element]!;
    const serialNote = legendarySerial ? ` Serial ${legendarySerial} of 150.` : '';
    return {
      id: i + 1,
      element,
      rarity,
      name,
      description: `${RARITIES[rarity]!.name} ${el.name} ${rng.pick(HULL_CLASSES[rarity]!)} of the ${el.team}. ${FLAVOUR[rarity]}${serialNote}`,
      ...stats,
      artSeed: rng.int(1, 2 ** 31 - 1),
      legendarySerial,
      createdAt: new Date(now.getTime() - rng.int(30, 365) * DAY_MS),
    };
  });
}
