import { cellAt, cellOf } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client.ts';
import { createCollection, creditLandCredit, grantPlots, movePlots } from '../modules/assets/index.ts';
import { countryAt, readPlotPricing } from '../modules/land/index.ts';

/**
 * Demo land (issue 18): pilot owns plots in Paris, two collections and two plots in none, and
 * land credit to buy more; captain a collection in Rome. Everything around them is free. The
 * plots were bought two days ago, so GOALAND has DNC to collect from the first start.
 */
type DemoLand = { credit: number; near: { lng: number; lat: number }; collections: { name: string; plots: number }[]; individual: number };

export const DEMO_LAND: Record<'pilot' | 'captain', DemoLand> = {
  pilot: { credit: 20, near: { lng: 2.3376, lat: 48.8606 }, collections: [{ name: 'Left Bank', plots: 3 }, { name: 'Montmartre', plots: 2 }], individual: 2 },
  captain: { credit: 10, near: { lng: 12.4922, lat: 41.8902 }, collections: [{ name: 'Colosseum', plots: 3 }], individual: 1 },
};

/** Runs once: not when a demo account owns a plot already. */
export async function seedDemoLand(db: Db): Promise<boolean> {
  const accounts = await queryRows<{ id: string; username: keyof typeof DEMO_LAND }>(
    db,
    sql`SELECT id::text AS id, username FROM users WHERE username IN ('pilot', 'captain')`,
  );
  if (accounts.length !== 2) return false;
  const [held] = await queryRows<{ any: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM land_plots WHERE user_id IN (${sql.join(accounts.map((a) => sql`${a.id}::uuid`), sql`, `)})) AS any`,
  );
  if (held?.any) return false;
  const pricing = await readPlotPricing(db);
  await db.transaction(async (tx) => {
    for (const { id: userId, username } of accounts) {
      const demo = DEMO_LAND[username];
      await creditLandCredit(tx, { userId, amount: demo.credit, reason: 'demo land credit' });
      // A row of neighbouring cells from the landmark eastwards: the collections first, then the loose plots.
      const start = cellOf(demo.near);
      const total = demo.collections.reduce((n, c) => n + c.plots, 0) + demo.individual;
      const cells = Array.from({ length: total }, (_, i) => cellAt(start.row, start.col + i));
      const plots = cells.map((cell) => ({ cellId: cell.id, country: countryAt(cell.center.lng, cell.center.lat), valuation: pricing.valuation, creditPaid: pricing.price }));
      const { taken } = await grantPlots(tx, { userId, collectionId: null, plots });
      if (taken.length > 0) throw new Error(`demo land already owned: ${taken.join(', ')}`);
      await tx.execute(
        sql`UPDATE land_plots SET bought_at = now() - interval '2 days', staking_from = now() - interval '2 days' WHERE user_id = ${userId}`,
      );
      let next = 0;
      for (const collection of demo.collections) {
        const id = await createCollection(tx, userId, collection.name);
        const outcome = await movePlots(tx, userId, cells.slice(next, next + collection.plots).map((c) => c.id), id);
        if (!outcome.ok) throw new Error(`demo collection ${collection.name}: ${outcome.reason}`);
        next += collection.plots;
      }
    }
  });
  return true;
}
