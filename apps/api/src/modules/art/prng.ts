/**
 * Art must be identical for the same path on every machine and every release of Node: the
 * stream is the shared mulberry32 (@starport/schemas/prng), seeded from the path's numbers.
 */
export { mulberry32, type Rng } from '@starport/schemas/prng';

/** Mixes several small numbers into one seed, so 0-1-5 and 1-0-5 do not share a stream. */
export function mixSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x01000193) >>> 0;
    h = (h ^ (h >>> 13)) >>> 0;
  }
  return h;
}
