import { createHash } from 'node:crypto';
import { rarityForRoll, rollFor, type OddsBps } from '@starport/schemas/fairness';
import { describe, expect, it } from 'vitest';
import { drawOpening, openingDigest } from './draw.ts';

const FRONTIER: OddsBps = [7000, 2200, 700, 100];
const seedOf = (label: string) => createHash('sha256').update(label).digest('hex');

/** Pearson's chi-square of observed counts against expected ones. */
const chiSquare = (observed: number[], expected: number[]) =>
  observed.reduce((sum, o, i) => sum + (o - expected[i]!) ** 2 / expected[i]!, 0);

describe('drawOpening', () => {
  it('gives the published roll and rarity, and reads the element and detail seed from the same HMAC', async () => {
    const serverSeed = seedOf('draw-test');
    for (let nonce = 0; nonce < 50; nonce++) {
      const draw = await drawOpening(serverSeed, 'client', nonce, FRONTIER);
      const roll = await rollFor(serverSeed, 'client', nonce);
      const mac = openingDigest(serverSeed, 'client', nonce);
      expect(draw).toEqual({
        nonce,
        roll,
        rarity: rarityForRoll(roll, FRONTIER),
        element: mac.readUInt16BE(4) % 3,
        detailSeed: mac.readUInt32BE(8),
      });
    }
    // Another client seed, another draw.
    const a = await drawOpening(serverSeed, 'client', 0, FRONTIER);
    const b = await drawOpening(serverSeed, 'client2', 0, FRONTIER);
    expect([a.roll, a.detailSeed]).not.toEqual([b.roll, b.detailSeed]);
  });

  it('follows the published odds and spreads elements evenly over 10,000 draws (chi-square, p = 0.001)', async () => {
    const serverSeed = seedOf('chi-square');
    const rarities = [0, 0, 0, 0];
    const elements = [0, 0, 0];
    const n = 10_000;
    for (let nonce = 0; nonce < n; nonce++) {
      const draw = await drawOpening(serverSeed, 'fair', nonce, FRONTIER);
      rarities[draw.rarity]! += 1;
      elements[draw.element]! += 1;
    }
    // Critical values at p = 0.001: 16.27 for 3 degrees of freedom, 13.82 for 2.
    expect(
      chiSquare(
        rarities,
        FRONTIER.map((bps) => (n * bps) / 10_000),
      ),
    ).toBeLessThan(16.27);
    expect(chiSquare(elements, [n / 3, n / 3, n / 3])).toBeLessThan(13.82);
    // A skewed expectation is rejected: the statistic can tell.
    expect(chiSquare(rarities, [6500, 2500, 900, 100])).toBeGreaterThan(16.27);
  }, 60_000);
});
