import type { MyLandStakingResponse } from '@starport/schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { collectLandStaking, landStakingCollectedToday, landStakingOf } from '../assets/index.ts';
import { readGoalandRate } from './goaland-rate.ts';

/**
 * GOALAND land staking for the signed-in player (owned-assets.md §2.12; decision 0046). The
 * holdings move through the assets front door only; this file turns its outcomes into the
 * player's answers and messages.
 */

const conflict = (msg: string) => new AppError('CONFLICT', 409, msg);

export const goalandDescription = (rate: number) =>
  `Every GOALAND plot you own earns ${rate} DNC per full day. Collect once per UTC day.`;

export const nextUtcMidnight = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();

export async function myLandStaking(db: Db, userId: string): Promise<Omit<MyLandStakingResponse, 'error'>> {
  const rate = await readGoalandRate(db);
  const { plots, wholePlotDays } = await landStakingOf(db, userId);
  const done = await landStakingCollectedToday(db, userId);
  const accrued = wholePlotDays * rate;
  return {
    total: plots,
    dailyEarn: plots * rate,
    enable: !done && accrued > 0,
    next_time: done ? nextUtcMidnight() : null,
    accrued,
    rate_per_plot_day: rate,
    description: goalandDescription(rate),
  };
}

export async function claimLandStaking(db: Db, userId: string): Promise<{ amount: number; balance: number }> {
  const rate = await readGoalandRate(db);
  return db.transaction(async (tx) => {
    const out = await collectLandStaking(tx, { userId, ratePerPlotDay: rate });
    if (out.ok) return { amount: out.amount, balance: out.balance };
    if (out.reason === 'collected-today') throw conflict('You have already collected your GOALAND DNC today. Come back tomorrow (UTC).');
    throw conflict('Nothing to collect yet: a plot earns its first DNC one full day after you buy it.');
  });
}
