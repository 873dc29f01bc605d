import { ELEMENTS, LEGENDARY_SUPPLY, RARITIES } from '@starport/schemas';

/**
 * How a new ship is made up: its name, stats, description and art seed, drawn from a seeded
 * stream. The demo catalogue draws its 3000 ships with it, and an opened blind box draws the
 * ship it gives with it, so a box's ship reads like any other ship of its rarity.
 */

export type StatName =
  | 'health'
  | 'healing'
  | 'gunDamage'
  | 'rocketDamage'
  | 'defense'
  | 'afterburner'
  | 'rocketRechargeTime'
  | 'rocketFireRate';

/** What the generator needs of a seeded stream (the catalogue's Prng and @starport/schemas/prng both fit). */
export type ShipRng = {
  /** uniform in [0, 1) */
  next(): number;
  /** integer in [min, max] */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
};

const STAT_NAMES: StatName[] = [
  'health',
  'healing',
  'gunDamage',
  'rocketDamage',
  'defense',
  'afterburner',
  'rocketRechargeTime',
  'rocketFireRate',
];

/** Base stats per rarity; each ship varies them by ±15% and by its element's strengths. */
export const BASE_STATS: Record<number, Readonly<Record<StatName, number>>> = {
  0: {
    health: 1000,
    healing: 20,
    gunDamage: 40,
    rocketDamage: 120,
    defense: 30,
    afterburner: 100,
    rocketRechargeTime: 6000,
    rocketFireRate: 10,
  },
  1: {
    health: 1400,
    healing: 30,
    gunDamage: 60,
    rocketDamage: 180,
    defense: 45,
    afterburner: 130,
    rocketRechargeTime: 5000,
    rocketFireRate: 12,
  },
  2: {
    health: 1900,
    healing: 45,
    gunDamage: 85,
    rocketDamage: 260,
    defense: 65,
    afterburner: 170,
    rocketRechargeTime: 4000,
    rocketFireRate: 15,
  },
  3: {
    health: 2600,
    healing: 65,
    gunDamage: 120,
    rocketDamage: 360,
    defense: 90,
    afterburner: 220,
    rocketRechargeTime: 3000,
    rocketFireRate: 20,
  },
};

/** What each element is better at (multipliers); recharge below 1 means faster. */
export const ELEMENT_BIAS: Record<number, Partial<Record<StatName, number>>> = {
  0: { health: 1.15, defense: 1.2 },
  1: { gunDamage: 1.15, rocketRechargeTime: 0.85, rocketFireRate: 1.15 },
  2: { healing: 1.3, afterburner: 1.15 },
};

export const NAME_PARTS: Record<number, { first: readonly string[]; second: readonly string[] }> = {
  0: {
    first: ['Aegis', 'Valor', 'Orion', 'Titan', 'Liberty', 'Atlas', 'Horizon', 'Bastion'],
    second: ['Warden', 'Lancer', 'Ranger', 'Sentinel', 'Pioneer', 'Guardian'],
  },
  1: {
    first: ['Vector', 'Cipher', 'Quantum', 'Nexus', 'Binary', 'Helix', 'Logic', 'Kernel'],
    second: ['Drone', 'Core', 'Array', 'Protocol', 'Construct', 'Engine'],
  },
  2: {
    first: ['Xyl', 'Vorr', 'Zeth', "Ka'ra", 'Nym', 'Sleth', 'Quor', 'Ith'],
    second: ['Spawn', 'Weaver', 'Brood', 'Stalker', 'Drifter', 'Hive'],
  },
};

export const HULL_CLASSES: Record<number, readonly string[]> = {
  0: ['scout', 'interceptor'],
  1: ['corvette', 'gunship'],
  2: ['frigate', 'destroyer'],
  3: ['dreadnought', 'flagship'],
};

const FLAVOUR: Record<number, string> = {
  0: 'A dependable workhorse of the outer lanes.',
  1: 'Refitted with upgraded weapon mounts and a reinforced frame.',
  2: 'Built in small numbers for elite squadrons.',
  3: `One of only ${LEGENDARY_SUPPLY} Legendary ships that will ever exist.`,
};

export type ShipDetails = Record<StatName, number> & {
  name: string;
  description: string;
  artSeed: number;
};

/**
 * Name, stats, description and art seed of a ship of this element and rarity. The draws
 * happen in a fixed order (name, stats, hull class, art seed): the demo catalogue depends on
 * it to stay byte-for-byte the same. A Legendary ship carries its serial in its name's
 * suffix and its description.
 */
export function generateShipDetails(
  rng: ShipRng,
  element: number,
  rarity: number,
  legendarySerial: number | null,
): ShipDetails {
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
  const serialNote = legendarySerial ? ` Serial ${legendarySerial} of ${LEGENDARY_SUPPLY}.` : '';
  const description = `${RARITIES[rarity]!.name} ${el.name} ${rng.pick(HULL_CLASSES[rarity]!)} of the ${el.team}. ${FLAVOUR[rarity]}${serialNote}`;
  return { name, ...stats, description, artSeed: rng.int(1, 2 ** 31 - 1) };
}
