import { listingProceeds } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPlayer, addShip } from '../../../test/catalogue-fixtures.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { openDatabase, queryRows, type Database, type Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { creditDnc, debitDnc, dncBalance, grantShips } from '../assets/index.ts';
import { ORDER_FULFIL_JOB, OrdersService, ordersJobs } from '../orders/index.ts';
import { listingExpiryJob } from './listing-expiry-job.ts';
import { cancelListing, listDnc, listShip, repriceListing } from './player-listings.ts';
import { SALE_NOTICE_JOB, saleNoticeJob } from './sale-settlement.ts';

/**
 * Players' listings under races (QUALITY.md "Owned assets", "Stock and limited drops"): every
 * pair of moves on one listing — cancel, reprice, purchase, expiry, payment, fulfilment — raced
 * on two connection pools, ends in exactly one outcome with nothing lost or doubled.
 */

const USD = 1_000_000n;
const silent = Fastify({ logger: false }).log;

/** Settles every promise: values, AppErrors by status, and anything else (which must not happen). */
async function settle<T>(calls: Promise<T>[]) {
  const settled = await Promise.allSettled(calls);
  const ok = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const errors = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  const refused = errors.filter((e): e is AppError => e instanceof AppError);
  const unexpected = errors.filter((e) => !(e instanceof AppError)).map((e) => String(e));
  return { settled, ok, refused, unexpected };
}

/** Either value or the AppError it was refused with (anything else is rethrown). */
async function attempt<T>(p: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: AppError }> {
  try {
    return { ok: true, value: await p };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, error: err };
    throw err;
  }
}

type ListingRow = { status: string; sell_price_micro: string; owned_ship_id: string | null; seller_id: string };
async function listingRow(db: Db, id: number): Promise<ListingRow> {
  const [row] = await queryRows<ListingRow>(
    db,
    sql`SELECT status, sell_price_micro::text AS sell_price_micro, owned_ship_id::text AS owned_ship_id, seller_id::text AS seller_id
        FROM marketplace_listings WHERE id = ${id}`,
  );
  return row!;
}

type CopyRow = { user_id: string; state: string; disposed: boolean };
async function copyOf(db: Db, ownedShipId: number): Promise<CopyRow> {
  const [row] = await queryRows<CopyRow>(
    db,
    sql`SELECT user_id::text AS user_id, state, disposed_at IS NOT NULL AS disposed FROM owned_ships WHERE id = ${ownedShipId}`,
  );
  return row!;
}

/** The orders that hold a listing: live reservations, and the lines that name it with their order's status. */
async function holdersOf(db: Db, listingId: number) {
  const [row] = await queryRows<{ live: number; lines: number; pending: number; prices: string[] | null }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM listing_reservations r WHERE r.listing_id = ${listingId} AND r.released_at IS NULL AND r.consumed_at IS NULL) AS live,
               (SELECT count(*)::int FROM order_lines l WHERE l.listing_id = ${listingId}) AS lines,
               (SELECT count(*)::int FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.listing_id = ${listingId} AND o.status = 'pending') AS pending,
               (SELECT array_agg(l.unit_sell_price_micro::text) FROM order_lines l WHERE l.listing_id = ${listingId}) AS prices`,
  );
  return row!;
}

/** `n` trivial queries one after another: shifts one side of a race by a few round trips. */
async function roundTrips(db: Db, n: number): Promise<void> {
  for (let i = 0; i < n; i++) await db.execute(sql`SELECT 1`);
}

/** Moves an order's reservation window into the past, as if its checkout had lapsed. */
async function lapse(db: Db, orderId: number): Promise<void> {
  await db.execute(sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = ${orderId}`);
}

const listingLine = (id: number, priceMicro?: bigint) => ({
  id: String(id),
  total: 1,
  object: 'listing' as const,
  ...(priceMicro === undefined ? {} : { priceMicro: priceMicro.toString() }),
});

// Always on real PostgreSQL: PGlite runs one transaction at a time and would hide these races.
describe('on PostgreSQL: players’ listings raced by sellers, buyers, expiries and workers', () => {
  let database: Database & { url?: string };
  let second: Database;
  /** two API copies: separate connection pools on one database */
  let a: OrdersService;
  let b: OrdersService;
  let dbA: Db;
  let dbB: Db;
  let seq = 0;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    second = await openDatabase({ url: database.url!, onConnectionError: () => {} });
    dbA = database.db;
    dbB = second.db;
    a = new OrdersService({ db: dbA, reservationMinutes: 30 });
    b = new OrdersService({ db: dbB, reservationMinutes: 30 });
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  /** Round `i` of a race delays its first side by 0..3 round trips, then its second side by 0..3. */
  const lag = (i: number, side: 'first' | 'second') => roundTrips(i % 2 ? dbB : dbA, (i % 8 < 4) === (side === 'first') ? i % 4 : 0);
  const player = (name: string) => addPlayer(dbA, `${name}${++seq}`);
  /** `n` copies of one new ship for `userId`, available; returns the copies' ids. */
  async function ownCopies(userId: string, n = 1, shipId?: number): Promise<number[]> {
    const ship = shipId ?? (await addShip(dbA));
    const copies = await dbA.transaction((tx) =>
      grantShips(tx, { userId, source: 'grant', orderLineId: null, copies: Array.from({ length: n }, (_, i) => ({ shipId: ship, copyIndex: i })) }),
    );
    return copies.map((c) => c.id);
  }
  const giveDnc = (userId: string, amount: number) => dbA.transaction((tx) => creditDnc(tx, { userId, amount, reason: 'test grant' }));
  const shipListing = async (sellerId: string, priceMicro = 25n * USD, expiresInDays: number | null = null) => {
    const [copy] = await ownCopies(sellerId);
    const id = await listShip(dbA, { sellerId, item: String(copy), priceMicro, expiresInDays });
    return { id, copy: copy! };
  };

  it('cancel vs purchase of 40 listings at once: each is cancelled (item back) or held by exactly one order, never both', async () => {
    const seller = await player('canceller');
    const buyer = await player('cbuyer');
    await giveDnc(seller, 20 * 10);
    const ships: { id: number; copy: number }[] = [];
    const packs: number[] = [];
    for (let i = 0; i < 20; i++) ships.push(await shipListing(seller));
    for (let i = 0; i < 20; i++) packs.push(await listDnc(dbA, { sellerId: seller, dnc: 10, priceMicro: 5n * USD, expiresInDays: null }));
    expect(await dncBalance(dbA, seller)).toBe(0);

    const all = [...ships.map((s) => s.id), ...packs];
    const races = await Promise.all(
      all.map(async (id, i) => {
        const [cancel, order] = await Promise.all([
          // One side or the other a few round trips late on some rounds, so that either may come first.
          attempt(lag(i, 'first').then(() => cancelListing(i % 2 ? dbA : dbB, seller, String(id)))),
          attempt(lag(i, 'second').then(() => (i % 2 ? b : a).openOrder(buyer, [listingLine(id)], 'card'))),
        ]);
        return { id, cancel, order };
      }),
    );

    let reservedDnc = 0;
    for (const { id, cancel, order } of races) {
      // Exactly one of the two went through; the loser was refused with a 409.
      expect([cancel.ok, order.ok].filter(Boolean), `listing ${id}`).toHaveLength(1);
      const loser = cancel.ok ? order : cancel;
      expect(!loser.ok && loser.error.status, `listing ${id}`).toBe(409);
      const row = await listingRow(dbA, id);
      const held = await holdersOf(dbA, id);
      const ship = ships.find((s) => s.id === id);
      if (cancel.ok) {
        expect(row.status).toBe('cancelled');
        expect(held).toMatchObject({ live: 0, lines: 0 });
        if (ship) expect(await copyOf(dbA, ship.copy)).toEqual({ user_id: seller, state: 'available', disposed: false });
      } else {
        expect(row.status).toBe('reserved');
        expect(held).toMatchObject({ live: 1, lines: 1, pending: 1 });
        if (ship) expect(await copyOf(dbA, ship.copy)).toEqual({ user_id: seller, state: 'listed', disposed: false });
        else reservedDnc += 10;
      }
    }
    // The cancelled packs' DNC came back once each; the held packs' DNC is still in escrow.
    expect(await dncBalance(dbA, seller)).toBe(200 - reservedDnc);
    const [credits] = await queryRows<{ n: number }>(
      dbA,
      sql`SELECT count(*)::int AS n FROM dnc_ledger WHERE user_id = ${seller} AND reason LIKE 'listing % cancelled'`,
    );
    expect(credits!.n).toBe(races.filter((r) => r.cancel.ok && packs.includes(r.id)).length);
    // Which side wins each round is the scheduler's choice (the lag makes both likely); it is
    // not asserted, so a loaded machine that lets one side win every round does not fail.
  });

  it('price change vs purchase: the order holds it at the price the buyer sent, or the reprice wins and the buyer gets 409', async () => {
    const seller = await player('repricer');
    const buyer = await player('rbuyer');
    const oldPrice = 40n * USD;
    const newPrice = 55_500_000n;
    const listings = [];
    for (let i = 0; i < 30; i++) listings.push((await shipListing(seller, oldPrice)).id);

    const races = await Promise.all(
      listings.map(async (id, i) => {
        const [reprice, order] = await Promise.all([
          // One side or the other a few round trips late on some rounds, so that either may come first.
          attempt(lag(i, 'first').then(() => repriceListing(i % 2 ? dbA : dbB, seller, String(id), newPrice))),
          attempt(lag(i, 'second').then(() => (i % 2 ? b : a).openOrder(buyer, [listingLine(id, oldPrice)], 'card'))),
        ]);
        return { id, reprice, order };
      }),
    );

    for (const { id, reprice, order } of races) {
      expect([reprice.ok, order.ok].filter(Boolean), `listing ${id}`).toHaveLength(1);
      const row = await listingRow(dbA, id);
      const held = await holdersOf(dbA, id);
      if (order.ok) {
        // Reserved at the price the buyer saw; the reprice was refused, and so is a later one.
        expect(!reprice.ok && reprice.error.status).toBe(409);
        expect(order.value.total_micro).toBe(oldPrice.toString());
        expect(row).toMatchObject({ status: 'reserved', sell_price_micro: oldPrice.toString() });
        expect(held).toMatchObject({ live: 1, lines: 1, prices: [oldPrice.toString()] });
        const later = await attempt(repriceListing(dbB, seller, String(id), 99n * USD));
        expect(!later.ok && later.error.status).toBe(409);
        expect((await listingRow(dbA, id)).sell_price_micro).toBe(oldPrice.toString());
      } else {
        // The reprice won: the buyer who sent the old price holds nothing.
        expect(order.error.status).toBe(409);
        expect(order.error.message).toMatch(/changed the price of this item to \$55\.500/);
        expect(row).toMatchObject({ status: 'listed', sell_price_micro: newPrice.toString() });
        expect(held).toMatchObject({ live: 0, lines: 0 });
      }
    }
    // Never an order at a price the buyer did not send.
    const [wrong] = await queryRows<{ n: number }>(
      dbA,
      sql`SELECT count(*)::int AS n FROM order_lines l JOIN marketplace_listings m ON m.id = l.listing_id
          WHERE m.seller_id = ${seller} AND l.unit_sell_price_micro <> ${oldPrice.toString()}::bigint`,
    );
    expect(wrong!.n).toBe(0);
    // Which side wins is not asserted: only that each round had exactly one outcome.
  });

  it('twenty buyers for each of five listings at once: exactly one order per listing, the rest 409', async () => {
    const seller = await player('popular');
    const buyers: string[] = [];
    for (let i = 0; i < 20; i++) buyers.push(await player('rush'));
    await giveDnc(seller, 50);
    const listings = [(await shipListing(seller)).id, (await shipListing(seller)).id, (await shipListing(seller)).id];
    listings.push(await listDnc(dbA, { sellerId: seller, dnc: 25, priceMicro: 3n * USD, expiresInDays: null }));
    listings.push(await listDnc(dbA, { sellerId: seller, dnc: 25, priceMicro: 3n * USD, expiresInDays: null }));

    const r = await settle(
      listings.flatMap((id) => buyers.map((buyer, i) => (i % 2 ? a : b).openOrder(buyer, [listingLine(id)], 'card'))),
    );
    expect(r.unexpected).toEqual([]);
    expect(r.ok).toHaveLength(listings.length);
    expect(r.refused.map((e) => e.status)).toEqual(Array(listings.length * 19).fill(409));
    for (const id of listings) {
      expect((await listingRow(dbA, id)).status).toBe('reserved');
      expect(await holdersOf(dbA, id)).toMatchObject({ live: 1, lines: 1, pending: 1 });
    }
    expect(new Set(r.ok.map((o) => o.lines[0]!.id))).toEqual(new Set(listings.map(String)));
  });

  describe('listing vs expiry', () => {
    /** Waits until `n` backends of this database wait for a lock in a statement that starts with `statement`. */
    async function waiting(statement: string, n: number): Promise<void> {
      for (;;) {
        const [row] = await queryRows<{ n: number }>(
          dbA,
          sql`SELECT count(*)::int AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE ${`${statement}%`}`,
        );
        if (row!.n >= n) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    const expireJob = listingExpiryJob();
    const runExpiry = (db: Db, listingId: number) => expireJob({ listingId }, { db, jobId: 0, attempt: 1, log: silent });
    const ended = async (db: Db, listingId: number) => (await listingRow(db, listingId)).status === 'expired';

    it('a listing whose expiry has passed cannot be reserved, even before its job ran; the job then gives the item back', async () => {
      const seller = await player('lapsed');
      const buyer = await player('late');
      await giveDnc(seller, 30);
      const ship = await shipListing(seller, 20n * USD, 1);
      const pack = await listDnc(dbA, { sellerId: seller, dnc: 30, priceMicro: 20n * USD, expiresInDays: 1 });
      await dbA.execute(sql`UPDATE marketplace_listings SET expires_at = now() - interval '1 second' WHERE id IN (${ship.id}, ${pack})`);
      // Before its job ran: no purchase can take it.
      const early = await settle([ship.id, pack].flatMap((id) => [a.openOrder(buyer, [listingLine(id)], 'card'), b.openOrder(buyer, [listingLine(id)], 'card')]));
      expect(early.ok).toEqual([]);
      expect(early.refused.map((e) => [e.status, e.message])).toEqual(Array(4).fill([409, 'This item is no longer for sale.']));
      expect((await listingRow(dbA, ship.id)).status).toBe('listed');
      // Purchases and the expiry jobs, all at once on both pools.
      const r = await settle<unknown>([
        ...[ship.id, pack].flatMap((id) => [a.openOrder(buyer, [listingLine(id)], 'card'), b.openOrder(buyer, [listingLine(id)], 'card')]),
        ...[ship.id, pack].flatMap((id) => [runExpiry(dbA, id), runExpiry(dbB, id)]),
      ]);
      expect(r.unexpected).toEqual([]);
      expect(r.refused.map((e) => [e.status, e.message])).toEqual(Array(4).fill([409, 'This item is no longer for sale.']));
      expect(await ended(dbA, ship.id)).toBe(true);
      expect(await ended(dbA, pack)).toBe(true);
      expect(await copyOf(dbA, ship.copy)).toEqual({ user_id: seller, state: 'available', disposed: false });
      expect(await dncBalance(dbA, seller)).toBe(30);
      expect(await holdersOf(dbA, ship.id)).toMatchObject({ live: 0, lines: 0 });
    });

    /**
     * The interleavings that pass both time checks: the buyer's transaction began before the
     * expiry and the expiry's after it (each compares with `now()`, its transaction's start).
     * Holder connections hold the buyer's row (which a capped checkout locks first) and the
     * listing's, so the order of the two is chosen, not hoped for.
     */
    async function interleave(first: 'purchase' | 'expiry') {
      const seller = await player('timed');
      const buyer = await player('tbuyer');
      const ship = await shipListing(seller, 30n * USD, 7);
      const holdListing = new pg.Client({ connectionString: database.url });
      const holdBuyer = new pg.Client({ connectionString: database.url });
      await holdListing.connect();
      await holdBuyer.connect();
      try {
        const capped = new OrdersService({ db: dbB, reservationMinutes: 30, maxPendingOrders: 50 });
        await holdBuyer.query('BEGIN');
        await holdBuyer.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [buyer]);
        const purchase = attempt(capped.openOrder(buyer, [listingLine(ship.id)], 'card'));
        await waiting('SELECT id FROM users', 1);
        // The expiry passes now: after the buyer's transaction began, so still ahead of it for the buyer.
        await dbA.execute(sql`UPDATE marketplace_listings SET expires_at = clock_timestamp() WHERE id = ${ship.id}`);
        if (first === 'expiry') {
          await runExpiry(dbA, ship.id);
          await holdBuyer.query('COMMIT');
          return { seller, ship, bought: await purchase };
        }
        await holdListing.query('BEGIN');
        await holdListing.query('SELECT id FROM marketplace_listings WHERE id = $1 FOR UPDATE', [ship.id]);
        await holdBuyer.query('COMMIT');
        await waiting("UPDATE marketplace_listings SET status = 'reserved'", 1);
        const expiry = runExpiry(dbA, ship.id);
        await waiting('UPDATE marketplace_listings SET status', 2);
        await holdListing.query('COMMIT');
        const [bought] = await Promise.all([purchase, expiry]);
        return { seller, ship, bought };
      } finally {
        await holdListing.end();
        await holdBuyer.end();
      }
    }

    it('expiry arriving while a checkout that began before it takes the listing: the checkout holds it, the expiry leaves it', async () => {
      const { seller, ship, bought } = await interleave('purchase');
      expect(bought.ok).toBe(true);
      expect((await listingRow(dbA, ship.id)).status).toBe('reserved');
      expect(await holdersOf(dbA, ship.id)).toMatchObject({ live: 1, lines: 1, pending: 1 });
      expect(await copyOf(dbA, ship.copy)).toEqual({ user_id: seller, state: 'listed', disposed: false });
    });

    it('expiry ending the listing before a checkout that began earlier reaches it: the checkout gets 409, the ship is back', async () => {
      const { seller, ship, bought } = await interleave('expiry');
      expect(!bought.ok && [bought.error.status, bought.error.message]).toEqual([409, 'This item is no longer for sale.']);
      expect((await listingRow(dbA, ship.id)).status).toBe('expired');
      expect(await holdersOf(dbA, ship.id)).toMatchObject({ live: 0, lines: 0 });
      expect(await copyOf(dbA, ship.copy)).toEqual({ user_id: seller, state: 'available', disposed: false });
    });

    it('a held listing past its expiry ends when its checkout lapses: item back once, whoever runs the expiries at once', async () => {
      const seller = await player('heldover');
      const buyer = await player('slow');
      await giveDnc(seller, 6 * 10);
      const held = [];
      for (let i = 0; i < 12; i++) {
        const id = i % 2 ? (await shipListing(seller, 10n * USD, 1)).id : await listDnc(dbA, { sellerId: seller, dnc: 10, priceMicro: 10n * USD, expiresInDays: 1 });
        const order = await a.openOrder(buyer, [listingLine(id)], 'card');
        held.push({ id, order });
      }
      const ids = held.map((h) => h.id);
      await dbA.execute(sql`UPDATE marketplace_listings SET expires_at = now() - interval '1 second' WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
      // The listing's own job finds it held and leaves it: the buyer may still pay.
      for (const id of ids) await runExpiry(dbB, id);
      for (const id of ids) expect((await listingRow(dbA, id)).status).toBe('reserved');
      expect(await dncBalance(dbA, seller)).toBe(0);

      for (const h of held) await lapse(dbA, h.order.id);
      const r = await settle<unknown>(
        held.flatMap((h) => [a.expire(h.order.id), b.expire(h.order.id), runExpiry(dbA, h.id), runExpiry(dbB, h.id)]),
      );
      expect(r.unexpected).toEqual([]);
      expect(r.ok.filter((x) => x === 'expired')).toHaveLength(12);
      for (const id of ids) {
        expect((await listingRow(dbA, id)).status).toBe('expired');
        expect(await holdersOf(dbA, id)).toMatchObject({ live: 0, pending: 0 });
      }
      const copies = await queryRows<{ state: string; disposed: boolean }>(
        dbA,
        sql`SELECT state, disposed_at IS NOT NULL AS disposed FROM owned_ships WHERE user_id = ${seller}`,
      );
      expect(copies).toEqual(Array(6).fill({ state: 'available', disposed: false }));
      expect(await dncBalance(dbA, seller)).toBe(60);
      const [credits] = await queryRows<{ n: number }>(
        dbA,
        sql`SELECT count(*)::int AS n FROM dnc_ledger WHERE user_id = ${seller} AND reason LIKE 'listing % expired'`,
      );
      expect(credits!.n).toBe(6);
    });
  });

  it('DNC listings that together exceed the balance, at once: exactly one is made, the balance never below zero; escrow back once', async () => {
    const sellers: string[] = [];
    for (let i = 0; i < 10; i++) sellers.push(await player('dncseller'));
    for (const s of sellers) await giveDnc(s, 100);
    const made = await Promise.all(
      sellers.map((sellerId) =>
        settle([0, 1, 2, 3].map((i) => listDnc(i % 2 ? dbA : dbB, { sellerId, dnc: 60, priceMicro: 12n * USD, expiresInDays: null }))),
      ),
    );
    for (const [i, r] of made.entries()) {
      expect(r.unexpected).toEqual([]);
      expect(r.ok).toHaveLength(1);
      expect(r.refused.map((e) => [e.status, e.message])).toEqual(Array(3).fill([400, 'Please enter total DNC to sell less than 40']));
      expect(await dncBalance(dbA, sellers[i]!)).toBe(40);
    }
    const [negative] = await queryRows<{ n: number }>(
      dbA,
      sql`SELECT count(*)::int AS n FROM (SELECT user_id FROM dnc_ledger GROUP BY user_id HAVING sum(amount) < 0) x`,
    );
    expect(negative!.n).toBe(0);
    // Only the made listings exist (the refused ones rolled back with their packs).
    const [listed] = await queryRows<{ n: number }>(
      dbA,
      sql`SELECT count(*)::int AS n FROM marketplace_listings WHERE seller_id IN (${sql.join(sellers.map((s) => sql`${s}::uuid`), sql`, `)})`,
    );
    expect(listed!.n).toBe(10);

    // Two cancels of each at once: one goes through, one is refused; the 60 DNC come back once.
    const cancels = await Promise.all(
      made.map((r, i) => settle([cancelListing(dbA, sellers[i]!, String(r.ok[0])), cancelListing(dbB, sellers[i]!, String(r.ok[0]))])),
    );
    for (const [i, r] of cancels.entries()) {
      expect(r.unexpected).toEqual([]);
      expect(r.ok).toEqual([made[i]!.ok[0]]);
      expect(r.refused.map((e) => [e.status, e.message])).toEqual([[409, 'This listing has ended.']]);
      expect(await dncBalance(dbA, sellers[i]!)).toBe(100);
    }

    // A listing and another spend of the same DNC at once (listings alone also queue on the list
    // totals' row; a plain debit does not): one of the two, never below zero.
    const spends = await Promise.all(
      sellers.map(async (sellerId, i) => {
        const [listing, spend] = await Promise.all([
          attempt(listDnc(i % 2 ? dbA : dbB, { sellerId, dnc: 60, priceMicro: 12n * USD, expiresInDays: null })),
          roundTrips(i % 2 ? dbB : dbA, i % 4).then(() =>
            (i % 2 ? dbB : dbA).transaction((tx) => debitDnc(tx, { userId: sellerId, amount: 60, reason: 'another spend' })),
          ),
        ]);
        return { listing, spend };
      }),
    );
    for (const [i, { listing, spend }] of spends.entries()) {
      expect([listing.ok, spend.ok].filter(Boolean), sellers[i]).toHaveLength(1);
      if (!listing.ok) expect([listing.error.status, listing.error.message]).toEqual([400, 'Please enter total DNC to sell less than 40']);
      expect(await dncBalance(dbA, sellers[i]!)).toBe(40);
    }
  });

  it('the same ship listed five times at once: one listing, the others 409, the copy listed once', async () => {
    const seller = await player('eager');
    const copies = await ownCopies(seller, 8);
    const r = await Promise.all(
      copies.map((copy) =>
        settle([0, 1, 2, 3, 4].map((i) => listShip(i % 2 ? dbA : dbB, { sellerId: seller, item: String(copy), priceMicro: 9n * USD, expiresInDays: null }))),
      ),
    );
    for (const [i, one] of r.entries()) {
      expect(one.unexpected).toEqual([]);
      expect(one.ok).toHaveLength(1);
      expect(one.refused.map((e) => [e.status, e.message])).toEqual(Array(4).fill([409, 'This ship is already listed for sale.']));
      const [open] = await queryRows<{ n: number }>(
        dbA,
        sql`SELECT count(*)::int AS n FROM marketplace_listings WHERE owned_ship_id = ${copies[i]!}`,
      );
      expect(open!.n).toBe(1);
      expect(await copyOf(dbA, copies[i]!)).toEqual({ user_id: seller, state: 'listed', disposed: false });
    }
  });

  it('a sale paid twice (same and another event) and fulfilled by two workers at once: proceeds once, the listed copy moves once, one e-mail', async () => {
    const seller = await player('merchant');
    const buyers: string[] = [];
    for (let i = 0; i < 8; i++) buyers.push(await player('collector'));
    const shipId = await addShip(dbA);
    // Two copies of the same ship per sale: only the listed one may leave the seller.
    const copies = await ownCopies(seller, 16, shipId);
    await giveDnc(seller, 4 * 15);
    const price = 25_990_000n;
    const sales: { listingId: number; copy: number | null; buyer: string }[] = [];
    for (let i = 0; i < 8; i++) {
      if (i < 4) {
        const copy = copies[i * 2]!;
        sales.push({ listingId: await listShip(dbA, { sellerId: seller, item: String(copy), priceMicro: price, expiresInDays: null }), copy, buyer: buyers[i]! });
      } else sales.push({ listingId: await listDnc(dbA, { sellerId: seller, dnc: 15, priceMicro: price, expiresInDays: null }), copy: null, buyer: buyers[i]! });
    }
    const orders = [];
    for (const s of sales) orders.push(await a.openOrder(s.buyer, [listingLine(s.listingId, price)], 'card'));

    // Each payment confirmed four times at once: twice the same event, twice another event id.
    const payments = await Promise.all(
      orders.map((o) =>
        settle(
          [`evt_${o.code}`, `evt_${o.code}`, `evt_${o.code}_retry`, `evt_${o.code}_other`].map((eventId, i) =>
            (i % 2 ? a : b).markPaid(o.id, { provider: 'sandbox', eventId, amountMicro: BigInt(o.total_micro) }),
          ),
        ),
      ),
    );
    for (const p of payments) {
      expect(p.unexpected).toEqual([]);
      expect(p.ok.filter((x) => x === 'paid')).toHaveLength(1);
      expect(p.ok.filter((x) => x === 'already_paid')).toHaveLength(3);
    }

    // Two workers (two pools) run each order's fulfilment at once, twice over.
    const fulfil = ordersJobs({ orders: a })[ORDER_FULFIL_JOB]!;
    const runs = await settle(
      orders.flatMap((o) => [dbA, dbB, dbA, dbB].map((db, i) => fulfil({ orderId: o.id }, { db, jobId: i, attempt: 1, log: silent }))),
    );
    expect(runs.unexpected).toEqual([]);
    expect(runs.refused).toEqual([]);

    const { feeMicro, netMicro } = listingProceeds(price);
    expect([feeMicro, netMicro]).toEqual([1_299_500n, 24_690_500n]);
    for (const [i, s] of sales.entries()) {
      const [status] = await queryRows<{ status: string }>(dbA, sql`SELECT status FROM orders WHERE id = ${orders[i]!.id}`);
      expect(status!.status).toBe('fulfilled');
      expect((await listingRow(dbA, s.listingId)).status).toBe('sold');
      const proceeds = await queryRows<{ price: string; fee: string; net: string }>(
        dbA,
        sql`SELECT price_micro::text AS price, fee_micro::text AS fee, net_micro::text AS net FROM seller_proceeds WHERE listing_id = ${s.listingId}`,
      );
      expect(proceeds).toEqual([{ price: price.toString(), fee: feeMicro.toString(), net: netMicro.toString() }]);
      const bought = await queryRows<{ ship_id: number; source: string; paid: string }>(
        dbA,
        sql`SELECT ship_id, source, paid_micro::text AS paid FROM owned_ships WHERE user_id = ${s.buyer}`,
      );
      if (s.copy !== null) {
        expect(bought).toEqual([{ ship_id: shipId, source: 'marketplace', paid: price.toString() }]);
        expect(await copyOf(dbA, s.copy)).toEqual({ user_id: seller, state: 'listed', disposed: true });
      } else {
        expect(bought).toEqual([]);
        expect(await dncBalance(dbA, s.buyer)).toBe(15);
      }
    }
    // The seller's copies that were not listed stay theirs, untouched; each listed one left once.
    const left = await queryRows<{ id: string; state: string; disposed: boolean }>(
      dbA,
      sql`SELECT id::text AS id, state, disposed_at IS NOT NULL AS disposed FROM owned_ships WHERE user_id = ${seller} ORDER BY id`,
    );
    expect(left.filter((c) => c.disposed).map((c) => Number(c.id))).toEqual(sales.flatMap((s) => (s.copy === null ? [] : [s.copy])));
    expect(left.filter((c) => !c.disposed)).toHaveLength(12);
    expect(left.filter((c) => !c.disposed).every((c) => c.state === 'available')).toBe(true);
    expect(await dncBalance(dbA, seller)).toBe(0);

    const [sum] = await queryRows<{ n: number; net: string }>(
      dbA,
      sql`SELECT count(*)::int AS n, sum(net_micro)::text AS net FROM seller_proceeds WHERE user_id = ${seller}`,
    );
    expect(sum).toEqual({ n: 8, net: (netMicro * 8n).toString() });

    // One sale e-mail job per listing; run twice at once on both pools, it writes one e-mail each.
    const jobs = await queryRows<{ listing_id: number }>(
      dbA,
      sql`SELECT (payload->>'listingId')::int AS listing_id FROM jobs WHERE kind = ${SALE_NOTICE_JOB} ORDER BY 1`,
    );
    expect(jobs.map((j) => j.listing_id)).toEqual(sales.map((s) => s.listingId).sort((x, y) => x - y));
    const notice = saleNoticeJob({ publicUrl: 'https://starport.test' });
    const mails = await settle(sales.flatMap((s) => [dbA, dbB].map((db) => notice({ listingId: s.listingId }, { db, jobId: 0, attempt: 1, log: silent }))));
    expect(mails.unexpected).toEqual([]);
    const [mailed] = await queryRows<{ n: number }>(
      dbA,
      sql`SELECT count(*)::int AS n FROM emails WHERE "to" = (SELECT email FROM users WHERE id = ${seller})`,
    );
    expect(mailed!.n).toBe(8);
  });
});
