import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { creditDnc, dncBalance } from './dnc-ledger.ts';

/**
 * GOALAND land staking holdings (decision 0046): every plot earns `ratePerPlotDay` DNC per whole
 * day since its `staking_from` (set when it was bought). A collect (one per player per UTC day,
 * unique key on land_staking_collections) credits the whole days and moves each plot's
 * `staking_from` on by them, so the part of a day in progress is kept for later.
 */

const WHOLE_DAYS = sql`greatest(0, floor(extract(epoch FROM (now() - p.staking_from)) / 86400))::int`;

export type LandStaking = { plots: number; wholePlotDays: number };

/** How many plots the player owns and the whole plot-days they have earned since the last collect. */
export async function landStakingOf(db: DbOrTx, userId: string): Promise<LandStaking> {
  const [row] = await queryRows<{ plots: number | string; plot_days: number | string | null }>(
    db,
    sql`SELECT count(*)::int AS plots, coalesce(sum(${WHOLE_DAYS}), 0)::bigint AS plot_days FROM land_plots p WHERE p.user_id = ${userId}`,
  );
  return { plots: Number(row?.plots ?? 0), wholePlotDays: Number(row?.plot_days ?? 0) };
}

/** Whether the player has collected their land staking today (UTC). */
export async function landStakingCollectedToday(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ done: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM land_staking_collections WHERE user_id = ${userId} AND day = (now() AT TIME ZONE 'UTC')::date) AS done`,
  );
  return Boolean(row?.done);
}

export type LandCollectOutcome = { ok: true; amount: number; balance: number } | { ok: false; reason: 'collected-today' | 'nothing-yet' };

/**
 * Today's collect: claims the day's row first (of two collects at once, the second waits on
 * the unique key and then finds it taken), then credits every whole plot-day and moves each
 * plot's `staking_from` on by its days. With nothing to credit the claim is deleted again, so
 * the player may collect later the same day.
 */
export async function collectLandStaking(tx: Tx, c: { userId: string; ratePerPlotDay: number }): Promise<LandCollectOutcome> {
  const [claim] = await queryRows<{ id: string | number }>(
    tx,
    sql`INSERT INTO land_staking_collections (user_id, day) VALUES (${c.userId}, (now() AT TIME ZONE 'UTC')::date)
        ON CONFLICT (user_id, day) DO NOTHING RETURNING id`,
  );
  if (!claim) return { ok: false, reason: 'collected-today' };
  // One statement reads and moves every earning plot, so the days credited are the days moved.
  const moved = await queryRows<{ days: number | string }>(
    tx,
    sql`UPDATE land_plots AS target SET staking_from = target.staking_from + make_interval(days => e.days)
        FROM (SELECT p.cell_id, ${WHOLE_DAYS} AS days FROM land_plots p WHERE p.user_id = ${c.userId}) AS e
        WHERE target.cell_id = e.cell_id AND e.days > 0
        RETURNING e.days`,
  );
  const plotDays = moved.reduce((sum, r) => sum + Number(r.days), 0);
  const amount = plotDays * c.ratePerPlotDay;
  if (amount === 0) {
    await tx.execute(sql`DELETE FROM land_staking_collections WHERE id = ${claim.id}`);
    return { ok: false, reason: 'nothing-yet' };
  }
  await tx.execute(sql`UPDATE land_staking_collections SET amount = ${amount} WHERE id = ${claim.id}`);
  await creditDnc(tx, { userId: c.userId, amount, reason: `land staking collect ${claim.id}` });
  return { ok: true, amount, balance: await dncBalance(tx, c.userId) };
}
