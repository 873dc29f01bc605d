import { LEGENDARY_SUPPLY } from '@starport/schemas';
import { verifyOpening, type OddsBps } from '@starport/schemas/fairness';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/test-database.ts';
import { openDatabase, queryRows, type Database } from '../../../db/client.ts';
import { JobWorker } from '../../../jobs/queue.ts';
import { AppError } from '../../../lib/app-error.ts';
import { activePair, rotatePair } from '../../fairness/index.ts';
import { ORDER_FULFIL_JOB, fulfilOrderJob } from '../fulfil-order-job.ts';
import { addBlindBox, addPlayer, addShopLine, tiersOf } from '../orders.fixtures.ts';
import { OrdersService } from '../orders.service.ts';
import { fulfilOrder } from './fulfil-order.ts';
import { addOddsBox, holdingsOf, paidOrder, takeSerials } from './fulfilment.fixtures.ts';
import { FulfilmentBlocked } from './grants.ts';

const USD = 1_000_000n;
const silent = Fastify({ logger: false }).log;

/** Settles every promise: values, and every rejection as text (none expected unless said). */
async function settle<T>(calls: Promise<T>[]) {
  const settled = await Promise.allSettled(calls);
  return {
    ok: settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])),
    errors: settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : [])),
  };
}

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: fulfilment under concurrent workers, openings and rotations', () => {
  let database: Database & { url?: string };
  let second: Database;
  let orders: OrdersService;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    second = await openDatabase({ url: database.url!, onConnectionError: () => {} });
    orders = new OrdersService({ db: database.db, reservationMinutes: 30 });
    await addBlindBox(database.db, { tiers: [100_000, 100_000, 100_000, 100_000] });
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it('two workers at once fulfil each paid order once', async () => {
    const line = await addShopLine(database.db, { stock: 1000, sellMicro: 10n * USD });
    const buyers = await Promise.all(Array.from({ length: 6 }, (_, i) => addPlayer(database.db, `racer${i}`)));
    const paid = [];
    for (let i = 0; i < 24; i++) {
      paid.push(
        await paidOrder(orders, buyers[i % buyers.length]!, [
          { id: line.id, total: 2, object: 'spaceship' },
          { id: 'blindbox-frontier', total: 2, object: 'blindbox' },
        ]),
      );
    }
    const tiersBefore = await tiersOf(database.db, 'frontier');
    // Half straight through fulfilOrder from both pools at once, half through two job workers.
    const direct = paid.slice(0, 12);
    const r = await settle(direct.flatMap((o) => [fulfilOrder(database.db, o.id), fulfilOrder(second.db, o.id)]));
    expect(r.errors.map(String)).toEqual([]);
    expect(r.ok.filter((x) => x.outcome === 'fulfilled')).toHaveLength(12);
    expect(r.ok.filter((x) => x.outcome === 'unchanged')).toHaveLength(12);
    const workers = [database.db, second.db].map(
      (db, i) =>
        new JobWorker(db, { [ORDER_FULFIL_JOB]: fulfilOrderJob() }, silent, { batchSize: 2, workerId: `w${i}` }),
    );
    // The jobs of the orders fulfilled above find them fulfilled and change nothing.
    await Promise.all(workers.map((w) => w.drain()));

    const [row] = await queryRows<{
      fulfilled: number;
      events: number;
      owned: number;
      openings: number;
      jobs_done: number;
    }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM orders WHERE id IN (${sql.join(
        paid.map((o) => sql`${o.id}`),
        sql`, `,
      )}) AND status = 'fulfilled') AS fulfilled,
                 (SELECT count(*)::int FROM order_events WHERE kind = 'fulfilled') AS events,
                 (SELECT count(*)::int FROM owned_ships) AS owned,
                 (SELECT count(*)::int FROM blind_box_openings) AS openings,
                 (SELECT count(*)::int FROM jobs WHERE kind = 'order.fulfil' AND done_at IS NOT NULL AND failed_at IS NULL) AS jobs_done`,
    );
    expect(row).toEqual({ fulfilled: 24, events: 24, owned: 24 * 4, openings: 24 * 2, jobs_done: 24 });
    // 48 boxes: each kept one tier and gave three back.
    const tiersAfter = await tiersOf(database.db, 'frontier');
    expect(tiersAfter.reduce((s, n) => s + n, 0)).toBe(tiersBefore.reduce((s, n) => s + n, 0) + 48 * 3);
  });

  it('one player’s concurrent openings, with rotations racing them, never reuse a nonce and all verify', async () => {
    const player = await addPlayer(database.db, 'nonce-player');
    await activePair(database.db, player);
    const paid = [];
    for (let i = 0; i < 30; i++) {
      paid.push(await paidOrder(orders, player, [{ id: 'blindbox-frontier', total: 1 + (i % 3), object: 'blindbox' }]));
    }
    const pools = [database.db, second.db];
    const r = await settle<unknown>([
      ...paid.map((o, i) => fulfilOrder(pools[i % 2]!, o.id)),
      ...Array.from({ length: 8 }, (_, i) => pools[i % 2]!.transaction((tx) => rotatePair(tx, player))),
    ]);
    expect(r.errors.map(String)).toEqual([]);
    expect(await holdingsOf(database.db, player)).toMatchObject({ openings: 60, ships: 60 });

    const seeds = await queryRows<{
      id: string;
      server_seed: string;
      server_seed_hash: string;
      client_seed: string;
      next_nonce: number;
      revealed: boolean;
    }>(
      database.db,
      sql`SELECT id::text AS id, server_seed, server_seed_hash, client_seed, next_nonce, revealed_at IS NOT NULL AS revealed
          FROM fairness_seeds WHERE user_id = ${player} ORDER BY id`,
    );
    expect(seeds.filter((s) => !s.revealed)).toHaveLength(1);
    expect(seeds).toHaveLength(1 + 8);
    const openings = await queryRows<{ seed_id: string; nonce: number; roll: number; rarity: number; odds: number[] }>(
      database.db,
      sql`SELECT seed_id::text AS seed_id, nonce, roll, rarity,
                 ARRAY[odds_common_bps, odds_rare_bps, odds_epic_bps, odds_legendary_bps] AS odds
          FROM blind_box_openings WHERE user_id = ${player} ORDER BY seed_id, nonce`,
    );
    for (const seed of seeds) {
      // Every nonce a pair gave out was used by exactly one opening, and none after it was revealed.
      const used = openings.filter((o) => o.seed_id === seed.id).map((o) => o.nonce);
      expect(used).toEqual(Array.from({ length: seed.next_nonce }, (_, n) => n));
    }
    for (const o of openings) {
      const seed = seeds.find((s) => s.id === o.seed_id)!;
      const check = await verifyOpening({
        serverSeed: seed.server_seed,
        serverSeedHash: seed.server_seed_hash,
        clientSeed: seed.client_seed,
        nonce: o.nonce,
        oddsBps: o.odds.map(Number) as unknown as OddsBps,
      });
      expect(check).toMatchObject({ hashMatches: true, roll: o.roll, rarity: o.rarity });
    }
  });
});

describe('on PostgreSQL: the last Legendary serials under concurrent openings', () => {
  let database: Database & { url?: string };
  let second: Database;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    second = await openDatabase({ url: database.url!, onConnectionError: () => {} });
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it('16 Legendary boxes from two boxes at once, 10 serials left: 10 ships, 6 blocked, never a 151st', async () => {
    await takeSerials(database.db, LEGENDARY_SUPPLY - 10);
    // Two boxes, so the tier rows do not queue these openings: only the serial lock does.
    for (const code of ['legend-a', 'legend-b'])
      await addOddsBox(database.db, code, [0, 0, 0, 10_000], [50, 50, 50, 8]);
    const services = [database.db, second.db].map((db) => new OrdersService({ db, reservationMinutes: 30 }));
    const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => addPlayer(database.db, `legend${i}`)));

    // 20 buyers, 16 boxes: the sale itself stops at the tiers (the other 4 are 409s).
    const sales = await settle(
      buyers.map((b, i) =>
        paidOrder(services[i % 2]!, b, [{ id: `blindbox-legend-${i % 2 ? 'a' : 'b'}`, total: 1, object: 'blindbox' }]),
      ),
    );
    expect(sales.ok).toHaveLength(16);
    expect(sales.errors.every((e) => e instanceof AppError && e.status === 409)).toBe(true);
    expect([await tiersOf(database.db, 'legend-a'), await tiersOf(database.db, 'legend-b')]).toEqual([
      [42, 42, 42, 0],
      [42, 42, 42, 0],
    ]);

    const r = await settle(sales.ok.map((o, i) => fulfilOrder(i % 2 ? database.db : second.db, o.id)));
    expect(r.ok).toHaveLength(10);
    expect(r.errors).toHaveLength(6);
    expect(r.errors.every((e) => e instanceof FulfilmentBlocked)).toBe(true);

    const [row] = await queryRows<{ legendary: number; top: number; distinct_serials: number; openings: number }>(
      database.db,
      sql`SELECT count(*)::int AS legendary, max(legendary_serial)::int AS top, count(DISTINCT legendary_serial)::int AS distinct_serials,
                 (SELECT count(*)::int FROM blind_box_openings) AS openings
          FROM ships WHERE rarity = 3`,
    );
    expect(row).toEqual({
      legendary: LEGENDARY_SUPPLY,
      top: LEGENDARY_SUPPLY,
      distinct_serials: LEGENDARY_SUPPLY,
      openings: 10,
    });
    const tiers = [await tiersOf(database.db, 'legend-a'), await tiersOf(database.db, 'legend-b')].flat();
    expect(Math.min(...tiers)).toBeGreaterThanOrEqual(0);
    // Fulfilled boxes gave three tiers back each; blocked ones still hold theirs.
    expect(tiers.reduce((s, n) => s + n, 0)).toBe(2 * 126 + 10 * 3);
  });
});
