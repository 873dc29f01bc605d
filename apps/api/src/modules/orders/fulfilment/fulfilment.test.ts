// Over 300 lines: every kind of grant and its idempotency, on one database with one order-opening set-up.
import { verifyOpening, type OddsBps } from '@starport/schemas/fairness';
import { mulberry32 } from '@starport/schemas/prng';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/test-database.ts';
import { queryRows, type Database } from '../../../db/client.ts';
import { JobWorker } from '../../../jobs/queue.ts';
import { generateShipDetails } from '../../catalogue/index.ts';
import { openingDigest, rotatePair } from '../../fairness/index.ts';
import { ORDER_FULFIL_JOB, fulfilOrderJob } from '../fulfil-order-job.ts';
import { addBlindBox, addListing, addPlayer, addShopLine, tiersOf } from '../orders.fixtures.ts';
import { OrdersService } from '../orders.service.ts';
import { fulfilOrder } from './fulfil-order.ts';
import {
  addUnitListing,
  holdingsOf,
  nextNonceOf,
  ownListedCopy,
  paidOrder,
  shipOfListing,
  statusOf,
} from './fulfilment.fixtures.ts';
import { grantOrder } from './grant-order.ts';

const USD = 1_000_000n;
const silent = Fastify({ logger: false }).log;
const FRONTIER = 'blindbox-frontier';
const FRONTIER_ODDS: OddsBps = [7000, 2000, 900, 100];

type OpeningRow = {
  id: string;
  order_line_id: string;
  box_index: number;
  seed_id: string;
  nonce: number;
  roll: number;
  rarity: number;
  ship_id: number;
  ship_rarity: number;
  ship_element: number;
  ship_name: string;
  legendary_serial: number | null;
  odds: number[];
};

describe('order fulfilment: a paid order grants what it bought, once', () => {
  let database: Database;
  let orders: OrdersService;
  let worker: JobWorker;

  const openingsOf = (orderId: number) =>
    queryRows<OpeningRow>(
      database.db,
      sql`SELECT o.id::text AS id, o.order_line_id::text AS order_line_id, o.box_index, o.seed_id::text AS seed_id, o.nonce, o.roll,
                 o.rarity, o.ship_id, s.rarity AS ship_rarity, s.element AS ship_element, s.name AS ship_name, s.legendary_serial,
                 ARRAY[o.odds_common_bps, o.odds_rare_bps, o.odds_epic_bps, o.odds_legendary_bps] AS odds
          FROM blind_box_openings o JOIN order_lines l ON l.id = o.order_line_id JOIN ships s ON s.id = o.ship_id
          WHERE l.order_id = ${orderId} ORDER BY o.order_line_id, o.box_index`,
    );
  const ownedOf = (orderId: number) =>
    queryRows<{ ship_id: number; source: string; copy_index: number; object: string }>(
      database.db,
      sql`SELECT os.ship_id, os.source, os.copy_index, l.object FROM owned_ships os JOIN order_lines l ON l.id = os.order_line_id
          WHERE l.order_id = ${orderId} ORDER BY l.id, os.copy_index`,
    );
  const count = async (q: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(database.db, q))[0]!.n);

  beforeAll(async () => {
    database = await createTestDatabase();
    orders = new OrdersService({ db: database.db, reservationMinutes: 30 });
    worker = new JobWorker(database.db, { [ORDER_FULFIL_JOB]: fulfilOrderJob() }, silent, { backoffBaseMs: 1 });
    await addBlindBox(database.db, { tiers: [1000, 1000, 1000, 1000] });
  });
  afterAll(async () => database?.close());

  it('markPaid queues order.fulfil; the job gives the shop copies and opens each box, and the order is fulfilled', async () => {
    const buyer = await addPlayer(database.db, 'fulfil-buyer');
    const line = await addShopLine(database.db, { stock: 10, sellMicro: 40n * USD, name: 'Fulfil Skiff' });
    const [shopShip] = await queryRows<{ ship_id: number }>(
      database.db,
      sql`SELECT ship_id FROM shop_stock WHERE id = ${Number(line.id)}`,
    );
    const order = await paidOrder(orders, buyer, [
      { id: line.id, total: 3, object: 'spaceship' },
      { id: FRONTIER, total: 2, object: 'blindbox' },
    ]);
    expect(
      await queryRows(
        database.db,
        sql`SELECT kind, payload FROM jobs WHERE dedupe_key = ${`order.fulfil:${order.id}`} AND done_at IS NULL`,
      ),
    ).toEqual([{ kind: 'order.fulfil', payload: { orderId: order.id } }]);
    // Paid, not yet fulfilled: the two boxes hold one of every tier.
    expect(await tiersOf(database.db, 'frontier')).toEqual([998, 998, 998, 998]);
    expect(await holdingsOf(database.db, buyer)).toMatchObject({ ships: 0, openings: 0 });

    await worker.drain();

    expect(await statusOf(database.db, order.id)).toEqual({
      status: 'fulfilled',
      needs_review: false,
      fulfilled: true,
    });
    const owned = await ownedOf(order.id);
    expect(owned.filter((o) => o.object === 'spaceship')).toEqual(
      [0, 1, 2].map((copy) => ({ ship_id: shopShip!.ship_id, source: 'shop', copy_index: copy, object: 'spaceship' })),
    );
    const openings = await openingsOf(order.id);
    expect(openings.map((o) => [o.box_index, o.nonce])).toEqual([
      [0, 0],
      [1, 1],
    ]);
    expect(owned.filter((o) => o.object === 'blindbox')).toEqual(
      openings.map((o) => ({ ship_id: o.ship_id, source: 'blindbox', copy_index: o.box_index, object: 'blindbox' })),
    );
    for (const o of openings) {
      expect(o.ship_rarity).toBe(o.rarity);
      expect(o.odds.map(Number)).toEqual([...FRONTIER_ODDS]);
      expect((o.legendary_serial !== null) === (o.rarity === 3)).toBe(true);
    }
    // Each box kept its drawn tier and gave the three others back.
    const drawn = [0, 1, 2, 3].map((r) => openings.filter((o) => o.rarity === r).length);
    expect(await tiersOf(database.db, 'frontier')).toEqual(drawn.map((n) => 1000 - n));
    expect(await nextNonceOf(database.db, buyer)).toBe(2);

    // The event records the grants, and the order still lists, now fulfilled.
    const [event] = await queryRows<{
      from_status: string;
      to_status: string;
      payload: { grants: { object: string }[] };
    }>(
      database.db,
      sql`SELECT from_status, to_status, payload FROM order_events WHERE order_id = ${order.id} AND kind = 'fulfilled'`,
    );
    expect(event).toMatchObject({ from_status: 'paid', to_status: 'fulfilled' });
    expect(event!.payload.grants.map((g) => g.object)).toEqual(['spaceship', 'blindbox']);
    const listed = await orders.listOwned(buyer, 1, 10);
    expect(listed.orders.map((o) => [o.code, o.status, o.fulfilled_at !== null])).toEqual([
      [order.code, 'fulfilled', true],
    ]);
    expect((await orders.getOwned(buyer, order.code)).status).toBe('fulfilled');
  });

  it('a second run, or the job run again, grants nothing more', async () => {
    const buyer = await addPlayer(database.db, 'fulfil-twice');
    const line = await addShopLine(database.db, { stock: 10, sellMicro: 40n * USD });
    const order = await paidOrder(orders, buyer, [
      { id: line.id, total: 2, object: 'spaceship' },
      { id: FRONTIER, total: 3, object: 'blindbox' },
    ]);
    const first = await fulfilOrder(database.db, order.id);
    expect(first.outcome).toBe('fulfilled');
    const after = {
      holdings: await holdingsOf(database.db, buyer),
      tiers: await tiersOf(database.db, 'frontier'),
      ships: await count(sql`SELECT count(*)::int AS n FROM ships`),
    };

    expect(await fulfilOrder(database.db, order.id)).toEqual({ outcome: 'unchanged', status: 'fulfilled' });
    // The job itself, as a worker would run it again after a crash before marking it done.
    await fulfilOrderJob()({ orderId: order.id }, { db: database.db, jobId: 0, attempt: 2, log: silent });

    expect(await holdingsOf(database.db, buyer)).toEqual(after.holdings);
    expect(after.holdings).toMatchObject({ ships: 5, live_ships: 5, openings: 3 });
    expect(await tiersOf(database.db, 'frontier')).toEqual(after.tiers);
    expect(await count(sql`SELECT count(*)::int AS n FROM ships`)).toBe(after.ships);
    expect(await nextNonceOf(database.db, buyer)).toBe(3);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM order_events WHERE order_id = ${order.id} AND kind = 'fulfilled'`),
    ).toBe(1);
  });

  it('granting twice without the status guard writes each grant once (the unique keys)', async () => {
    const buyer = await addPlayer(database.db, 'fulfil-unguarded');
    const seller = await addPlayer(database.db, 'fulfil-unguarded-seller');
    const line = await addShopLine(database.db, { stock: 10, sellMicro: 40n * USD });
    const boxes = await paidOrder(orders, buyer, [
      { id: line.id, total: 2, object: 'spaceship' },
      { id: FRONTIER, total: 2, object: 'blindbox' },
    ]);
    const listing = await addListing(database.db, { sellMicro: 30n * USD, sellerId: seller });
    await ownListedCopy(database.db, seller, listing.id);
    const bought = await paidOrder(orders, buyer, [{ id: listing.id, total: 1, object: 'listing' }]);
    const tiersBefore = await tiersOf(database.db, 'frontier');
    const shipsBefore = await count(sql`SELECT count(*)::int AS n FROM ships`);

    const [once, twice] = await database.db.transaction(async (tx) => {
      const out = [];
      for (const order of [boxes, bought, boxes, bought]) {
        out.push(await grantOrder(tx, { id: order.id, code: order.code, userId: buyer }));
      }
      return [out.slice(0, 2), out.slice(2)];
    });
    expect(twice).toEqual(once);
    expect(await holdingsOf(database.db, buyer)).toMatchObject({ ships: 5, openings: 2 });
    expect(await holdingsOf(database.db, seller)).toMatchObject({ ships: 1, live_ships: 0 });
    expect(await count(sql`SELECT count(*)::int AS n FROM ships`)).toBe(shipsBefore + 2);
    expect(await nextNonceOf(database.db, buyer)).toBe(2);
    // Two boxes: two tiers kept in all, six given back.
    const tiersAfter = await tiersOf(database.db, 'frontier');
    expect(tiersAfter.reduce((s, n) => s + n, 0) - tiersBefore.reduce((s, n) => s + n, 0)).toBe(6);
    // The statuses were not touched: grantOrder does not move the order.
    expect((await statusOf(database.db, boxes.id)).status).toBe('paid');
  });

  it('a marketplace purchase gives the buyer the listed ship, DNC pack or unit piece; the seller’s ship is disposed', async () => {
    const buyer = await addPlayer(database.db, 'market-buyer');
    const seller = await addPlayer(database.db, 'market-seller');
    const shipListing = await addListing(database.db, { sellMicro: 55n * USD, sellerId: seller });
    const shipId = await shipOfListing(database.db, shipListing.id);
    const sellerRow = await ownListedCopy(database.db, seller, shipListing.id);
    const pack = await addListing(database.db, { sellMicro: 9n * USD, sellerId: seller, kind: 'dnc' });
    const unit = await addUnitListing(database.db, 7, seller);

    const codes: string[] = [];
    for (const id of [shipListing.id, pack.id, unit]) {
      codes.push((await paidOrder(orders, buyer, [{ id, total: 1, object: 'listing' }])).code);
    }
    await worker.drain();

    const statuses = await queryRows<{ status: string }>(
      database.db,
      sql`SELECT status FROM orders WHERE user_id = ${buyer}`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect(
      await queryRows(
        database.db,
        sql`SELECT ship_id, source, copy_index, disposed_at IS NULL AS live FROM owned_ships WHERE user_id = ${buyer}`,
      ),
    ).toEqual([{ ship_id: shipId, source: 'marketplace', copy_index: 0, live: true }]);
    expect(
      await queryRows(
        database.db,
        sql`SELECT id::int AS id, disposed_at IS NOT NULL AS disposed FROM owned_ships WHERE user_id = ${seller}`,
      ),
    ).toEqual([{ id: sellerRow, disposed: true }]);
    // addListing's packs hold 100 DNC.
    expect(
      await queryRows(database.db, sql`SELECT amount::int AS amount, reason FROM dnc_ledger WHERE user_id = ${buyer}`),
    ).toEqual([{ amount: 100, reason: `order ${codes[1]}` }]);
    expect(
      await queryRows(database.db, sql`SELECT apartment, pieces FROM owned_house_pieces WHERE user_id = ${buyer}`),
    ).toEqual([{ apartment: 7, pieces: 1 }]);
    expect(await holdingsOf(database.db, seller)).toMatchObject({ live_ships: 0, dnc: 0, pieces: 0 });
  });

  it('a failure mid-way grants nothing and leaves the order paid; the retried job fulfils it', async () => {
    await worker.drain(); // earlier tests' jobs: the worker below must claim only this order's
    const buyer = await addPlayer(database.db, 'fulfil-crash');
    const line = await addShopLine(database.db, { stock: 10, sellMicro: 40n * USD });
    const order = await paidOrder(orders, buyer, [
      { id: line.id, total: 2, object: 'spaceship' },
      { id: FRONTIER, total: 2, object: 'blindbox' },
    ]);
    const before = {
      tiers: await tiersOf(database.db, 'frontier'),
      ships: await count(sql`SELECT count(*)::int AS n FROM ships`),
      nonce: await nextNonceOf(database.db, buyer),
    };
    // The second box's opening row fails: by then the shop copies, both draws, the tiers and
    // the first box's ship are written.
    await database.db.execute(
      sql.raw(`CREATE FUNCTION fail_second_opening() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.box_index = 1 THEN RAISE EXCEPTION 'simulated crash while opening'; END IF;
          RETURN NEW;
        END $$`),
    );
    await database.db.execute(
      sql.raw(
        `CREATE TRIGGER fail_second_opening BEFORE INSERT ON blind_box_openings FOR EACH ROW EXECUTE FUNCTION fail_second_opening()`,
      ),
    );
    try {
      expect(await worker.runOnce()).toBe(1);
    } finally {
      await database.db.execute(sql.raw(`DROP TRIGGER fail_second_opening ON blind_box_openings`));
      await database.db.execute(sql.raw(`DROP FUNCTION fail_second_opening()`));
    }

    expect(await statusOf(database.db, order.id)).toEqual({ status: 'paid', needs_review: false, fulfilled: false });
    expect(await holdingsOf(database.db, buyer)).toMatchObject({ ships: 0, openings: 0 });
    expect(await tiersOf(database.db, 'frontier')).toEqual(before.tiers);
    expect(await count(sql`SELECT count(*)::int AS n FROM ships`)).toBe(before.ships);
    expect(await nextNonceOf(database.db, buyer)).toBe(before.nonce);
    const [job] = await queryRows<{ attempts: number; done: boolean; failed: boolean; last_error: string }>(
      database.db,
      sql`SELECT attempts, done_at IS NOT NULL AS done, failed_at IS NOT NULL AS failed, last_error FROM jobs WHERE dedupe_key = ${`order.fulfil:${order.id}`}`,
    );
    expect(job).toMatchObject({ attempts: 1, done: false, failed: false });
    // Drizzle's message names the statement that failed: the trigger's INSERT.
    expect(job!.last_error).toContain('insert into "blind_box_openings"');

    await database.db.execute(
      sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE dedupe_key = ${`order.fulfil:${order.id}`}`,
    );
    await worker.drain();
    expect(await statusOf(database.db, order.id)).toMatchObject({ status: 'fulfilled' });
    expect(await holdingsOf(database.db, buyer)).toMatchObject({ ships: 4, openings: 2 });
    expect((await openingsOf(order.id)).map((o) => o.nonce)).toEqual([before.nonce ?? 0, (before.nonce ?? 0) + 1]);
  });

  it('every opening checks out with verifyOpening once the pair is rotated, and its ship comes from the same draw', async () => {
    const buyer = await addPlayer(database.db, 'fulfil-verify');
    const order = await paidOrder(orders, buyer, [{ id: FRONTIER, total: 5, object: 'blindbox' }]);
    await fulfilOrder(database.db, order.id);
    const openings = await openingsOf(order.id);
    expect(openings).toHaveLength(5);

    const [pair] = await queryRows<{ id: string; server_seed_hash: string; revealed: boolean }>(
      database.db,
      sql`SELECT id::text AS id, server_seed_hash, revealed_at IS NOT NULL AS revealed FROM fairness_seeds WHERE user_id = ${buyer}`,
    );
    expect(pair).toMatchObject({ revealed: false });
    expect(new Set(openings.map((o) => o.seed_id))).toEqual(new Set([pair!.id]));

    const { revealed } = await database.db.transaction((tx) => rotatePair(tx, buyer));
    expect(revealed).toMatchObject({ serverSeedHash: pair!.server_seed_hash, lastNonce: 4 });
    for (const o of openings) {
      const check = await verifyOpening({
        serverSeed: revealed!.serverSeed,
        serverSeedHash: pair!.server_seed_hash,
        clientSeed: revealed!.clientSeed,
        nonce: o.nonce,
        oddsBps: o.odds.map(Number) as unknown as OddsBps,
      });
      expect(check).toMatchObject({ hashMatches: true, roll: o.roll, rarity: o.rarity });
      // The element and the ship's make-up are read from the same HMAC (modules/fairness/draw.ts).
      const mac = openingDigest(revealed!.serverSeed, revealed!.clientSeed, o.nonce);
      expect(o.ship_element).toBe(mac.readUInt16BE(4) % 3);
      const details = generateShipDetails(
        mulberry32(mac.readUInt32BE(8)),
        o.ship_element,
        o.rarity,
        o.legendary_serial,
      );
      expect(o.ship_name).toBe(details.name);
    }
    // A different seed does not verify: the check is not vacuous.
    const wrong = await verifyOpening({
      serverSeed: 'f'.repeat(64),
      serverSeedHash: pair!.server_seed_hash,
      clientSeed: revealed!.clientSeed,
      nonce: 0,
      oddsBps: FRONTIER_ODDS,
    });
    expect(wrong.hashMatches).toBe(false);
  });
});
