import { createHash, createHmac } from 'node:crypto';

/**
 * Test-only: the published scheme worked out with node:crypto, independently of
 * @starport/schemas/fairness, so the pages' answers are checked against something else.
 */
export const seedOf = (label: string) => createHash('sha256').update(label).digest('hex');
export const hashOf = (serverSeed: string) => createHash('sha256').update(serverSeed, 'utf8').digest('hex');

export function rollOf(serverSeed: string, clientSeed: string, nonce: number): number {
  const mac = createHmac('sha256', Buffer.from(serverSeed, 'utf8')).update(`${clientSeed}:${nonce}`, 'utf8').digest();
  return Number((BigInt(mac.readUInt32BE(0)) * 10_000n) / 2n ** 32n);
}

/** The rarity name of a roll: the first tier whose cumulative basis points exceed it. */
export function rarityOf(roll: number, odds: readonly number[]): string {
  const names = ['Common', 'Rare', 'Epic', 'Legendary'];
  let cumulative = 0;
  for (let i = 0; i < odds.length; i += 1) {
    cumulative += odds[i]!;
    if (roll < cumulative) return names[i]!;
  }
  throw new Error('odds do not cover the roll');
}
