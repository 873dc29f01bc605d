import { describe, expect, it } from 'vitest';
import { dailyReward, depositHistory, percentOfBps, poolLastsDays, realisedApy, SECONDS_PER_DAY, type FigureEvent } from './staking-figures.ts';

const DAY = SECONDS_PER_DAY;
const T0 = Date.UTC(2026, 0, 10) / 1000; // a UTC midnight
const ev = (kind: FigureEvent['kind'], time: number, n: bigint): FigureEvent => ({ kind, time, value: kind === 'claimed' ? 0n : n, amount: kind === 'claimed' ? n : 0n });

describe('staking figures from events', () => {
  it('realised APY: 1000 staked all window long, 10 paid in 7 days → 10 × 365 / 7 / 1000 = 52.14 %', () => {
    const events = [ev('staked', T0 - 100 * DAY, 1000n), ev('claimed', T0 - DAY, 10n)];
    expect(realisedApy(events, T0, 7)).toEqual({ days: 7, apy: '52.14', paid: '10' });
    // A claim before the window pays nothing in it; a window with nothing staked has no APY.
    expect(realisedApy(events, T0 + 7 * DAY, 7)).toEqual({ days: 7, apy: '0.00', paid: '0' });
    expect(realisedApy([ev('claimed', T0 - DAY, 5n)], T0, 30)).toEqual({ days: 30, apy: null, paid: '5' });
  });

  it('realised APY weighs the stake by the time it was in the pool', () => {
    // 1000 for the last half of a 30-day window: the average is 500.
    const events = [ev('staked', T0 - 15 * DAY, 1000n), ev('claimed', T0, 20n)];
    const expected = (20n * 365n * DAY_BIG * 10_000n) / (1000n * 15n * DAY_BIG);
    expect(realisedApy(events, T0, 30).apy).toBe(`${expected / 100n}.${String(expected % 100n).padStart(2, '0')}`);
  });

  it('history: end-of-day totals per day with a change, then today', () => {
    const events = [ev('staked', T0 + 10, 100n), ev('staked', T0 + 20, 250n), ev('claimed', T0 + DAY + 5, 1n), ev('unstaked', T0 + 2 * DAY + 1, 100n)];
    expect(depositHistory(events, T0 + 5 * DAY)).toEqual([
      { day: '2026-01-10', units: 2, value: '350' },
      { day: '2026-01-12', units: 1, value: '250' },
      { day: '2026-01-15', units: 1, value: '250' },
    ]);
    expect(depositHistory([], T0)).toEqual([{ day: '2026-01-10', units: 0, value: '0' }]);
    expect(depositHistory(events, T0 + 2 * DAY + 9)).toHaveLength(2);
  });

  it('daily reward, how long the pool lasts, the APR as a percent', () => {
    expect(dailyReward(365n * 10_000n, 2600)).toBe(2600n);
    expect(poolLastsDays(26_000n, 2600n)).toBe(10);
    expect(poolLastsDays(26_000n, 0n)).toBeNull();
    expect([percentOfBps(2600), percentOfBps(1250), percentOfBps(5), percentOfBps(0)]).toEqual(['26.00', '12.50', '0.05', '0.00']);
  });
});

const DAY_BIG = BigInt(DAY);
