/**
 * Seeded randomness for the procedural 3D model. A ship must look the same on every visit and
 * on both the marketplace and shop pages, so the stream is the shared mulberry32.
 */
export { mulberry32 as seededRng, type Rng } from '@starport/schemas/prng';

/**
 * FNV-1a over a ship's id ("ship-42"), so the seed follows the ship itself: the same hull on
 * its marketplace listing, in the shop and after a resale.
 */
export function shipSeed(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
