/**
 * mulberry32: a tiny 32-bit PRNG. Art must be identical for the same path on every machine
 * and every release of Node, so it cannot use Math.random or anything platform-dependent.
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

/** Mixes several small numbers into one seed, so 0-1-5 and 1-0-5 do not share a stream. */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x01000193) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
  }
  return h;
}
