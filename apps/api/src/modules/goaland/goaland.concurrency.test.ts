import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlayer } from '../../../test/catalogue-fixtures.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { openDatabase, queryRows, type Database, type Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { dncBalance, grantPlots } from '../assets/index.ts';
import { writeGoalandRate } from './goaland-rate.ts';
import { claimLandStaking } from './goaland.service.ts';

/** Either the value or the AppError it was refused with (anything else is rethrown). */
async function attempt<T>(p: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: AppError }> {
  try {
    return { ok: true, value: await p };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, error: err };
    throw err;
  }
}

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide the race.
describe('on PostgreSQL: GOALAND collects raced on two connection pools', () => {
  let database: Database & { url?: string };
  let second: Database;
  let dbA: Db;
  let dbB: Db;
  let seq = 0;
  let nextCell = 5000;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    second = await openDatabase({ url: database.url!, onConnectionError: () => {} });
    dbA = database.db;
    dbB = second.db;
    await writeGoalandRate(dbA, 10);
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  /** A new player owning `plots` plots bought `days` days (and an hour) ago. */
  async function landlord(plots: number, days: number): Promise<string> {
    const id = await addPlayer(dbA, `landracer${++seq}`);
    await dbA.transaction((tx) =>
      grantPlots(tx, { userId: id, collectionId: null, plots: Array.from({ length: plots }, () => ({ cellId: ++nextCell, country: null, valuation: 25, creditPaid: 25 })) }),
    );
    await dbA.execute(sql`UPDATE land_plots SET staking_from = now() - make_interval(days => ${days}::int, hours => 1) WHERE user_id = ${id}`);
    return id;
  }

  it('two collects at once: exactly one credits, the other is told it was already done today', async () => {
    for (let round = 0; round < 8; round++) {
      const id = await landlord(2, 3);
      const [a, b] = await Promise.all([attempt(claimLandStaking(dbA, id)), attempt(claimLandStaking(dbB, id))]);
      expect([a.ok, b.ok].filter(Boolean), `round ${round}`).toHaveLength(1);
      const loser = a.ok ? b : a;
      expect(!loser.ok && loser.error.status).toBe(409);
      expect(!loser.ok && loser.error.message).toMatch(/already collected/);
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
