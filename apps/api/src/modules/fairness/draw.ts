import { createHmac } from 'node:crypto';
import { rarityForRoll, rollFor, ROLL_RANGE, type OddsBps } from '@starport/schemas/fairness';

/**
 * One blind-box draw from a seed pair and a nonce (docs/decisions/0017, docs/api-fairness.md).
 * The published scheme (@starport/schemas/fairness) gives the roll and so the rarity. The
 * rest of the ship comes from the same HMAC-SHA256(key = server seed, `${clientSeed}:${nonce}`),
 * whose first 4 bytes are the roll:
 * - element = (bytes 4..5 as a big-endian 16-bit number) mod 3 (0 Human, 1 AI, 2 Alien);
 * - bytes 8..11 (big-endian) seed the mulberry32 stream that draws the name, stats and art,
 *   the way the demo catalogue draws its ships.
 * So everything about the ship is fixed by the inputs and can be recomputed once the server
 * seed is revealed.
 */
export type Draw = {
  nonce: number;
  roll: number;
  /** 0 Common … 3 Legendary */
  rarity: number;
  /** 0 Human, 1 AI, 2 Alien */
  element: number;
  /** seeds the ship's name, stats and art */
  detailSeed: number;
};

/** The HMAC of one opening, the bytes everything above is read from. */
export function openingDigest(serverSeed: string, clientSeed: string, nonce: number): Buffer {
  return createHmac('sha256', Buffer.from(serverSeed, 'utf8')).update(`${clientSeed}:${nonce}`, 'utf8').digest();
}

export async function drawOpening(serverSeed: string, clientSeed: string, nonce: number, odds: OddsBps): Promise<Draw> {
  const roll = await rollFor(serverSeed, clientSeed, nonce);
  const mac = openingDigest(serverSeed, clientSeed, nonce);
  // The element and details must come from the very HMAC the published roll comes from.
  if (Math.floor((mac.readUInt32BE(0) * ROLL_RANGE) / 2 ** 32) !== roll) {
    throw new Error('the opening digest does not match the published roll');
  }
  return {
    nonce,
    roll,
    rarity: rarityForRoll(roll, odds),
    element: mac.readUInt16BE(4) % 3,
    detailSeed: mac.readUInt32BE(8),
  };
}
