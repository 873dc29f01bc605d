import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hashServerSeed,
  isValidClientSeed,
  RARITY_NAMES,
  rarityForRoll,
  rollFor,
  verifyOpening,
  type OddsBps,
} from './fairness.ts';

/**
 * The Frontier Blind Box's published odds. Packages sit below the apps, so this cannot import
 * them: the figures are BLIND_BOX_ROW's in apps/api/src/modules/catalogue/definitions.ts
 * (Common 70%, Rare 22%, Epic 7%, Legendary 1%).
 */
const FRONTIER_ODDS: OddsBps = [7000, 2200, 700, 100];

/** A fixed server seed for a label: SHA-256 of the label, so every run draws the same openings. */
const seedOf = (label: string) => createHash('sha256').update(label).digest('hex');

// Reference implementation of the published scheme with node:crypto, independent of the code under test.
const referenceHash = (serverSeed: string) => createHash('sha256').update(serverSeed, 'utf8').digest('hex');
function referenceRoll(serverSeed: string, clientSeed: string, nonce: number): number {
  const mac = createHmac('sha256', Buffer.from(serverSeed, 'utf8')).update(`${clientSeed}:${nonce}`, 'utf8').digest();
  return Number((BigInt(mac.readUInt32BE(0)) * 10_000n) / 2n ** 32n);
}

const ZERO_SEED = '0'.repeat(64);
const VECTOR_SEED = seedOf('starport fairness vector 1');

describe('known answers', () => {
  it('hashes the server seed hex text with SHA-256, lowercase hex', async () => {
    expect(await hashServerSeed(ZERO_SEED)).toBe(referenceHash(ZERO_SEED));
    expect(await hashServerSeed(ZERO_SEED)).toBe('60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55');
    expect(await hashServerSeed(VECTOR_SEED)).toBe(referenceHash(VECTOR_SEED));
  });

  // Pinned figures (worked out once with the reference above) catch a change to both at once.
  const pinned: [string, string, number, number][] = [
    [ZERO_SEED, 'player-one', 0, 6541],
    [ZERO_SEED, 'player-one', 1, 4258],
    [ZERO_SEED, 'hello world', 42, 8149],
    [ZERO_SEED, '~!@#:;', 7, 6937],
    [VECTOR_SEED, 'player-one', 0, 9631],
    [VECTOR_SEED, 'player-one', 1, 8023],
    [VECTOR_SEED, 'hello world', 42, 9288],
    [VECTOR_SEED, '~!@#:;', 7, 6163],
  ];
  it.each(pinned)('rolls HMAC-SHA256(%s…, "%s:%i") to %i', async (serverSeed, clientSeed, nonce, roll) => {
    expect(referenceRoll(serverSeed, clientSeed, nonce)).toBe(roll);
    expect(await rollFor(serverSeed, clientSeed, nonce)).toBe(roll);
  });

  it('agrees with the reference over many seeds, client seeds and nonces', async () => {
    for (let s = 0; s < 20; s += 1) {
      const serverSeed = seedOf(`agreement ${s}`);
      const clientSeed = `client ${s} ${'x'.repeat(s)}`;
      for (const nonce of [0, 1, 2, 99, 1000 + s, 2 ** 31, Number.MAX_SAFE_INTEGER]) {
        expect(await rollFor(serverSeed, clientSeed, nonce)).toBe(referenceRoll(serverSeed, clientSeed, nonce));
      }
    }
  });

  it('verifies an opening: hash check, roll and rarity', async () => {
    const ok = await verifyOpening({
      serverSeed: VECTOR_SEED,
      serverSeedHash: referenceHash(VECTOR_SEED),
      clientSeed: 'player-one',
      nonce: 0,
      oddsBps: FRONTIER_ODDS,
    });
    expect(ok).toEqual({ hashMatches: true, serverSeedHash: referenceHash(VECTOR_SEED), roll: 9631, rarity: 2 });
    expect(RARITY_NAMES[ok.rarity]).toBe('Epic');

    const wrongHash = await verifyOpening({
      serverSeed: VECTOR_SEED,
      serverSeedHash: referenceHash(ZERO_SEED),
      clientSeed: 'player-one',
      nonce: 1,
      oddsBps: FRONTIER_ODDS,
    });
    expect(wrongHash).toMatchObject({ hashMatches: false, roll: 8023, rarity: 1 });

    // A hash pasted in capitals with spaces around still matches; no hash means "not checked".
    const upper = await verifyOpening({
      serverSeed: ZERO_SEED,
      serverSeedHash: ` ${referenceHash(ZERO_SEED).toUpperCase()} `,
      clientSeed: 'hello world',
      nonce: 42,
      oddsBps: FRONTIER_ODDS,
    });
    expect(upper).toMatchObject({ hashMatches: true, roll: 8149, rarity: 1 });
    const unchecked = await verifyOpening({ serverSeed: ZERO_SEED, clientSeed: 'player-one', nonce: 0, oddsBps: FRONTIER_ODDS });
    expect(unchecked).toMatchObject({ hashMatches: null, roll: 6541, rarity: 0 });
  });
});

describe('rarityForRoll boundaries', () => {
  it('maps the cumulative edges of the Frontier odds', () => {
    const cases: [number, string][] = [
      [0, 'Common'],
      [6999, 'Common'],
      [7000, 'Rare'],
      [9199, 'Rare'],
      [9200, 'Epic'],
      [9899, 'Epic'],
      [9900, 'Legendary'],
      [9999, 'Legendary'],
    ];
    for (const [roll, name] of cases) expect(RARITY_NAMES[rarityForRoll(roll, FRONTIER_ODDS)], `roll ${roll}`).toBe(name);
  });

  it('never picks a tier with zero odds', () => {
    expect(rarityForRoll(0, [0, 10_000, 0, 0])).toBe(1);
    expect(rarityForRoll(9999, [0, 10_000, 0, 0])).toBe(1);
    expect(rarityForRoll(0, [0, 0, 0, 10_000])).toBe(3);
    expect(rarityForRoll(9999, [10_000, 0, 0, 0])).toBe(0);
    expect(rarityForRoll(4999, [5000, 0, 0, 5000])).toBe(0);
    expect(rarityForRoll(5000, [5000, 0, 0, 5000])).toBe(3);
    expect(rarityForRoll(5000, [5000, 0, 5000, 0])).toBe(2);
    expect(rarityForRoll(9999, [5000, 0, 5000, 0])).toBe(2);
  });

  it('gives each tier exactly its basis points of the 10000 rolls', () => {
    for (const odds of [FRONTIER_ODDS, [2500, 2500, 2500, 2500], [1, 9997, 1, 1], [0, 0, 9999, 1]] as OddsBps[]) {
      const counts = [0, 0, 0, 0];
      for (let roll = 0; roll < 10_000; roll += 1) counts[rarityForRoll(roll, odds)]! += 1;
      expect(counts).toEqual([...odds]);
    }
  });
});

describe('bad input', () => {
  it('accepts 1–64 printable ASCII characters as a client seed', () => {
    expect(isValidClientSeed('a')).toBe(true);
    expect(isValidClientSeed('x'.repeat(64))).toBe(true);
    expect(isValidClientSeed(' lucky ~ star: 7 ')).toBe(true);
    expect(isValidClientSeed('')).toBe(false);
    expect(isValidClientSeed('x'.repeat(65))).toBe(false);
    expect(isValidClientSeed('tab\there')).toBe(false);
    expect(isValidClientSeed('line\nbreak')).toBe(false);
    expect(isValidClientSeed('café')).toBe(false);
    expect(isValidClientSeed('🚀')).toBe(false);
    expect(isValidClientSeed(42)).toBe(false);
  });

  it('refuses a bad client seed, server seed or nonce with a clear message', async () => {
    await expect(rollFor(ZERO_SEED, '', 0)).rejects.toThrow('The client seed must be 1 to 64 printable ASCII characters');
    await expect(rollFor(ZERO_SEED, 'x'.repeat(65), 0)).rejects.toThrow(/client seed/);
    await expect(rollFor(ZERO_SEED, 'ok', -1)).rejects.toThrow('The nonce must be a whole number from 0 up.');
    await expect(rollFor(ZERO_SEED, 'ok', 1.5)).rejects.toThrow(/nonce/);
    await expect(rollFor(ZERO_SEED, 'ok', Number.NaN)).rejects.toThrow(/nonce/);
    await expect(rollFor(ZERO_SEED, 'ok', 2 ** 53)).rejects.toThrow(/nonce/);
    await expect(rollFor(ZERO_SEED, 'ok', '1' as unknown as number)).rejects.toThrow(/nonce/);
    await expect(rollFor(ZERO_SEED.toUpperCase().replace(/0/g, 'A'), 'ok', 0)).rejects.toThrow(
      'The server seed must be 64 lowercase hexadecimal characters.',
    );
    await expect(rollFor(ZERO_SEED.slice(1), 'ok', 0)).rejects.toThrow(/server seed/);
    await expect(hashServerSeed('not hex')).rejects.toThrow(/server seed/);
  });

  it('refuses odds that are not four whole basis points summing to 10000', async () => {
    expect(() => rarityForRoll(0, [7000, 2200, 700, 99])).toThrow('The odds must sum to 10000 basis points (100%); these sum to 9999.');
    expect(() => rarityForRoll(0, [7000, 2200, 700, 101])).toThrow(/sum to 10000/);
    expect(() => rarityForRoll(0, [70, 22, 7, 1])).toThrow(/sum to 10000/);
    expect(() => rarityForRoll(0, [7000, 2200, 801, -1])).toThrow(/four whole numbers/);
    expect(() => rarityForRoll(0, [7000.5, 2199.5, 700, 100])).toThrow(/four whole numbers/);
    expect(() => rarityForRoll(0, [7000, 3000, 0] as unknown as OddsBps)).toThrow(/four whole numbers/);
    expect(() => rarityForRoll(0, [7000, 2200, 700, 100, 0] as unknown as OddsBps)).toThrow(/four whole numbers/);
    await expect(
      verifyOpening({ serverSeed: ZERO_SEED, clientSeed: 'ok', nonce: 0, oddsBps: [5000, 5000, 1, 0] }),
    ).rejects.toThrow(/sum to 10000/);
  });

  it('refuses a roll outside 0..9999', () => {
    expect(() => rarityForRoll(-1, FRONTIER_ODDS)).toThrow('The roll must be a whole number from 0 to 9999.');
    expect(() => rarityForRoll(10_000, FRONTIER_ODDS)).toThrow(/roll/);
    expect(() => rarityForRoll(0.5, FRONTIER_ODDS)).toThrow(/roll/);
  });
});

// ---- χ² goodness of fit ----------------------------------------------------------------

/** Upper 0.999 quantiles of the χ² distribution by degrees of freedom (standard tables). */
const CHI2_CRITICAL_0999: Record<number, number> = { 1: 10.83, 2: 13.82, 3: 16.27, 9: 27.88 };

type Bin = { tiers: number[]; observed: number; expected: number };
type Fit = { chi2: number; df: number; critical: number; bins: Bin[] };

/**
 * Pearson's χ² of observed counts against probabilities. A tier expected fewer than 5 times is
 * merged into its neighbour (the last tier into the one before it; a middle tier into the
 * smaller of its two neighbours) until every bin expects at least 5, the usual rule for the
 * χ² approximation to hold; degrees of freedom are then bins − 1.
 */
function chiSquare(observed: number[], probabilities: number[]): Fit {
  const n = observed.reduce((a, b) => a + b, 0);
  const bins: Bin[] = observed.map((count, i) => ({ tiers: [i], observed: count, expected: n * probabilities[i]! }));
  for (;;) {
    let smallest = 0;
    bins.forEach((bin, i) => {
      if (bin.expected < bins[smallest]!.expected) smallest = i;
    });
    if (bins[smallest]!.expected >= 5 || bins.length === 1) break;
    let into: number;
    if (smallest === 0) into = 1;
    else if (smallest === bins.length - 1) into = smallest - 1;
    else into = bins[smallest - 1]!.expected <= bins[smallest + 1]!.expected ? smallest - 1 : smallest + 1;
    const [a, b] = [Math.min(smallest, into), Math.max(smallest, into)];
    bins.splice(a, 2, {
      tiers: [...bins[a]!.tiers, ...bins[b]!.tiers],
      observed: bins[a]!.observed + bins[b]!.observed,
      expected: bins[a]!.expected + bins[b]!.expected,
    });
  }
  const chi2 = bins.reduce((sum, bin) => sum + (bin.observed - bin.expected) ** 2 / bin.expected, 0);
  const df = bins.length - 1;
  const critical = CHI2_CRITICAL_0999[df];
  if (critical === undefined) throw new Error(`no critical value for ${df} degrees of freedom`);
  return { chi2, df, critical, bins };
}

/** Rarity counts of `count` openings of one seed pair (nonces 0..count-1), as the server draws them. */
async function drawRarities(
  serverSeed: string,
  clientSeed: string,
  count: number,
  odds: OddsBps,
  rollToRarity: (roll: number, odds: OddsBps) => number = rarityForRoll,
): Promise<number[]> {
  const counts = [0, 0, 0, 0];
  const batch = 2000; // HMACs run concurrently, a batch at a time
  for (let start = 0; start < count; start += batch) {
    const nonces = Array.from({ length: Math.min(batch, count - start) }, (_, i) => start + i);
    const rolls = await Promise.all(nonces.map((nonce) => rollFor(serverSeed, clientSeed, nonce)));
    for (const roll of rolls) counts[rollToRarity(roll, odds)]! += 1;
  }
  return counts;
}

const probabilitiesOf = (odds: OddsBps) => odds.map((bps) => bps / 10_000);
/** A deliberately broken draw: every roll pushed 500 basis points up the tiers. */
const skewedRarity = (roll: number, odds: OddsBps) => rarityForRoll(Math.min(roll + 500, 9999), odds);

describe('χ² test of the published odds', { timeout: 120_000 }, () => {
  it('merges tiers expected fewer than 5 times into their neighbour', () => {
    // 300 draws: Legendary (1%) expects 3, so it joins Epic (21) and 2 degrees of freedom remain.
    const fit = chiSquare([212, 64, 21, 3], probabilitiesOf(FRONTIER_ODDS));
    expect(fit.bins.map((b) => b.tiers)).toEqual([[0], [1], [2, 3]]);
    expect(fit.bins[2]!.observed).toBe(24);
    expect(fit.bins[2]!.expected).toBeCloseTo(24, 10);
    expect(fit.df).toBe(2);
    expect(fit.critical).toBe(13.82);
    expect(fit.chi2).toBeCloseTo(4 / 210 + 2 ** 2 / 66, 10);
    // A tier with zero odds expects nothing and is merged too; a middle tier joins its smaller neighbour.
    expect(chiSquare([50, 0, 30, 20], [0.5, 0, 0.3, 0.2]).bins.map((b) => b.tiers)).toEqual([[0], [1, 2], [3]]);
    // With enough draws nothing is merged.
    const exact = chiSquare([7000, 2200, 700, 100], probabilitiesOf(FRONTIER_ODDS));
    expect(exact.df).toBe(3);
    expect(exact.chi2).toBeCloseTo(0, 10);
  });

  it('a fair draw of 300 boxes, Legendary merged with Epic, passes', async () => {
    const counts = await drawRarities(seedOf('starport chi-square 300'), 'chi-square-client', 300, FRONTIER_ODDS);
    const fit = chiSquare(counts, probabilitiesOf(FRONTIER_ODDS));
    expect(fit.df).toBe(2);
    expect(fit.chi2).toBeLessThan(fit.critical);
  });

  for (const draws of [10_000, 100_000]) {
    it(`${draws.toLocaleString('en-US')} openings follow the Frontier odds (χ² < 16.27, 3 df)`, async () => {
      const counts = await drawRarities(seedOf(`starport chi-square ${draws}`), 'chi-square-client', draws, FRONTIER_ODDS);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(draws);
      const fit = chiSquare(counts, probabilitiesOf(FRONTIER_ODDS));
      expect(fit.df).toBe(3); // Legendary expects 100 and 1000 boxes here: no merging
      expect(fit.critical).toBe(16.27);
      expect(fit.chi2).toBeLessThan(16.27);
    });

    it(`the same test fails a skewed draw (roll + 500) of ${draws.toLocaleString('en-US')} openings`, async () => {
      const counts = await drawRarities(
        seedOf(`starport chi-square ${draws}`),
        'chi-square-client',
        draws,
        FRONTIER_ODDS,
        skewedRarity,
      );
      const fit = chiSquare(counts, probabilitiesOf(FRONTIER_ODDS));
      expect(fit.df).toBe(3);
      expect(fit.chi2).toBeGreaterThan(16.27);
    });
  }

  it('rolls are uniform over 0..9999 (10 equal bands, χ² < 27.88, 9 df)', async () => {
    const serverSeed = seedOf('starport uniform rolls');
    const bands = Array<number>(10).fill(0);
    const rolls = await Promise.all(Array.from({ length: 10_000 }, (_, nonce) => rollFor(serverSeed, 'bands', nonce)));
    for (const roll of rolls) bands[Math.floor(roll / 1000)]! += 1;
    const fit = chiSquare(bands, Array<number>(10).fill(0.1));
    expect(fit.df).toBe(9);
    expect(fit.chi2).toBeLessThan(27.88);
  });
});
