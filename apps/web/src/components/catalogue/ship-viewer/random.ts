/**
 * Seeded randomness for the procedural 3D model. A ship must look the same on every visit and
 * on both the marketplace and shop pages, so nothing here may use Math.random.
 */
export type Rng = {
  /** a float in [0, 1) */
  next(): number;
  /** a float in [min, max) */
  range(min: number, max: number): number;
  /** an integer in [min, max] */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

/** mulberry32: small, fast and identical in every JavaScript engine. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const range = (min: number, max: number) => min + next() * (max - min);
  return {
    next,
    range,
    int: (min, max) => Math.floor(range(min, max + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

/**
 * FNV-1a over a ship's id ("ship-42"), so the seed follows the ship itself: the same hull on
 * its marketplace listing, in the shop and after a resale.
 */
export function shipSeed(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
