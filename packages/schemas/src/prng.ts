/**
 * Seeded randomness shared by the server's generated art and the browser's 3D ship models:
 * both must draw the same numbers for the same seed on every machine and engine, so neither
 * may use Math.random. No zod here: the web app imports it through its own subpath.
 */

/** The pieces of a seeded stream the art and the models use. */
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

/** mulberry32: a tiny 32-bit PRNG, identical in every JavaScript engine. */
export function mulberry32(seed: number): Rng {
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
