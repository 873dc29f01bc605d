import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addPlayer } from '../../../test/catalogue-fixtures.ts';
import { settle, usePostgresPair } from '../../../test/postgres-pair.ts';
import { queryRows } from '../../db/client.ts';
import { dncBalance, grantPlots } from '../assets/index.ts';
import { writeGoalandRate } from './goaland-rate.ts';
import { claimLandStaking } from './goaland.service.ts';

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide the race.
describe('on PostgreSQL: GOALAND collects raced on two connection pools', () => {
  const pools = usePostgresPair();
  let seq = 0;
  let nextCell = 5000;

  beforeAll(async () => {
    await writeGoalandRate(pools.first, 10);
  });

  /** A new player owning `plots` plots bought `days` days (and an hour) ago. */
  async function landlord(plots: number, days: number): Promise<string> {
    const dbA = pools.first;
    const id = await addPlayer(dbA, `landracer${++seq}`);
    await dbA.transaction((tx) =>
      grantPlots(tx, {
        userId: id,
        collectionId: null,
        plots: Array.from({ length: plots }, () => ({
          cellId: ++nextCell,
          country: null,
          valuation: 25,
          creditPaid: 25,
        })),
      }),
    );
    await dbA.execute(
      sql`UPDATE land_plots SET staking_from = now() - make_interval(days => ${days}::int, hours => 1) WHERE user_id = ${id}`,
    );
    return id;
  }

  it('two collects at once: exactly one credits, the other is told it was already done today', async () => {
    const dbA = pools.first;
    for (let round = 0; round < 8; round++) {
      const id = await landlord(2, 3);
      const raced = await settle([claimLandStaking(dbA, id), claimLandStaking(pools.second, id)]);
      expect(raced.unexpected, `round ${round}`).toEqual([]);
      expect(raced.ok, `round ${round}`).toHaveLength(1);
      expect(raced.refused).toHaveLength(1);
      expect(raced.refused[0]).toMatch(/already collected/);
      expect(await dncBalance(dbA, id)).toBe(60);
      const rows = await queryRows<{ n: number; amount: string | number }>(
        dbA,
        sql`SELECT count(*)::int AS n, sum(amount) AS amount FROM land_staking_collections WHERE user_id = ${id}`,
      );
      expect(rows[0]).toMatchObject({ n: 1 });
      expect(Number(rows[0]!.amount)).toBe(60);
    }
  });
});
