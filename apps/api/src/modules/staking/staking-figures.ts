import type { DepositPoint, RealisedApy } from '@starport/schemas';

/**
 * The pool's figures from its indexed events (decision 0054). Pure: the events in chain order
 * and "now" (the chain head's time, seconds) in, figures out; all sums in bigint base units.
 */
export type FigureEvent = {
  kind: 'staked' | 'unstaked' | 'claimed';
  /** block time, seconds since the epoch */
  time: number;
  /** stake value moved (staked, unstaked) */
  value: bigint;
  /** reward paid (claimed) */
  amount: bigint;
};

export const SECONDS_PER_DAY = 86_400;
const YEAR_SECONDS = 365n * 86_400n;
export const APY_WINDOWS = [7, 30, 90] as const;

const dayOf = (time: number) => new Date(Math.floor(time / SECONDS_PER_DAY) * SECONDS_PER_DAY * 1000).toISOString().slice(0, 10);

/** The stake moved by an event: + for a stake, − for an unstake, 0 otherwise. */
function delta(e: FigureEvent): { units: number; value: bigint } {
  if (e.kind === 'staked') return { units: 1, value: e.value };
  if (e.kind === 'unstaked') return { units: -1, value: -e.value };
  return { units: 0, value: 0n };
}

/** One point per UTC day on which the stake changed (its end-of-day totals), and one for today. */
export function depositHistory(events: FigureEvent[], now: number): DepositPoint[] {
  const points: DepositPoint[] = [];
  let units = 0;
  let value = 0n;
  for (const e of events) {
    const d = delta(e);
    if (d.units === 0) continue;
    units += d.units;
    value += d.value;
    const day = dayOf(e.time);
    const last = points.at(-1);
    const point = { day, units, value: value.toString() };
    if (last?.day === day) points[points.length - 1] = point;
    else points.push(point);
  }
  const today = dayOf(now);
  if (points.at(-1)?.day !== today) points.push({ day: today, units, value: value.toString() });
  return points;
}

/**
 * Realised APY over the last `days` days, window W = [now − days, now]:
 *   paid     = Σ Claimed amounts with block time in W
 *   integral = ∫ over W of the pool's total staked value dt (value × seconds, from Staked/Unstaked)
 *   apy      = paid / (integral / |W|) × (365 days / |W|) × 100 = paid × 365 days × 100 / integral
 * rounded down to hundredths of a percent; null when nothing was staked in W (integral 0).
 */
export function realisedApy(events: FigureEvent[], now: number, days: 7 | 30 | 90): RealisedApy {
  const start = now - days * SECONDS_PER_DAY;
  let value = 0n;
  let paid = 0n;
  let integral = 0n;
  let since = start;
  for (const e of events) {
    if (e.time > now) break;
    if (e.time >= start) {
      integral += value * BigInt(e.time - since);
      since = e.time;
      if (e.kind === 'claimed') paid += e.amount;
    }
    value += delta(e).value;
  }
  integral += value * BigInt(now - since);
  if (integral === 0n) return { days, apy: null, paid: paid.toString() };
  const hundredths = (paid * YEAR_SECONDS * 100n * 100n) / integral;
  return { days, apy: `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`, paid: paid.toString() };
}

/** base units a day at `aprBps` on `stakedValue`: stakedValue × aprBps / 10000 / 365, rounded down. */
export function dailyReward(stakedValue: bigint, aprBps: number): bigint {
  return (stakedValue * BigInt(aprBps)) / 10_000n / 365n;
}

/** Whole days `pool` lasts at `daily` a day; null when nothing accrues. */
export function poolLastsDays(pool: bigint, daily: bigint): number | null {
  return daily === 0n ? null : Number(pool / daily);
}

/** "26.00" from 2600 bps. */
export const percentOfBps = (bps: number) => `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;
