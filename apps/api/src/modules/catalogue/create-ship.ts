import { mulberry32 } from '@starport/schemas/prng';
import type { Tx } from '../../db/client.ts';
import { ships } from '../../db/schema/index.ts';
import { generateShipDetails } from './ship-generator.ts';

/** A ship to make: its element and rarity, the seed its make-up is drawn from, and its Legendary serial. */
export type NewShip = { element: number; rarity: number; detailSeed: number; legendarySerial: number | null };

/**
 * Makes a new ship (a blind box's), its name, stats and art drawn from `detailSeed` the way
 * the demo catalogue draws its ships; returns its id. A Legendary serial must have been
 * claimed in the same transaction (claimLegendarySerials).
 */
export async function createShip(tx: Tx, s: NewShip): Promise<number> {
  const details = generateShipDetails(mulberry32(s.detailSeed), s.element, s.rarity, s.legendarySerial);
  const [ship] = await tx
    .insert(ships)
    .values({ element: s.element, rarity: s.rarity, ...details, legendarySerial: s.legendarySerial })
    .returning({ id: ships.id });
  return ship!.id;
}
