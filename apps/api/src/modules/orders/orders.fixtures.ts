import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { blindBoxes, blindBoxTiers } from '../../db/schema/index.ts';

export { addListing, addPlayer, addShopLine, stockOf } from '../../../test/catalogue-fixtures.ts';

/** Test fixtures: a few shop lines, blind boxes, listings and players, without the whole demo catalogue. */

/**
 * A blind box at $250 (listed $1,000): by default the Frontier Blind Box, cart id
 * 'blindbox-frontier'. Its four tiers (Common → Legendary) get `tiers` (default 1000 each;
 * null: no tier rows at all, a box not seeded yet).
 */
export async function addBlindBox(
  db: DbOrTx,
  o: { code?: string; name?: string; tiers?: [number, number, number, number] | null } = {},
): Promise<void> {
  const code = o.code ?? 'frontier';
  await db
    .insert(blindBoxes)
    .values({
      code,
      name: o.name ?? 'Frontier Blind Box',
      description: 'A box for tests.',
      salePriceMicro: 250_000_000,
      listPriceMicro: 1_000_000_000,
      oddsCommonBps: 7000,
      oddsRareBps: 2000,
      oddsEpicBps: 900,
      oddsLegendaryBps: 100,
    })
    .onConflictDoNothing();
  if (o.tiers !== null) await setBoxTiers(db, code, o.tiers ?? [1000, 1000, 1000, 1000]);
}

/** Sets a box's tier supplies, Common first. */
export async function setBoxTiers(db: DbOrTx, code: string, supplies: number[]): Promise<void> {
  for (const [rarity, supply] of supplies.entries())
    await db
      .insert(blindBoxTiers)
      .values({ boxCode: code, rarity, supply })
      .onConflictDoUpdate({ target: [blindBoxTiers.boxCode, blindBoxTiers.rarity], set: { supply } });
}

/** A box's tier supplies, Common first. */
export async function tiersOf(db: DbOrTx, code: string): Promise<number[]> {
  const rows = await queryRows<{ supply: number }>(
    db,
    sql`SELECT supply FROM blind_box_tiers WHERE box_code = ${code} ORDER BY rarity`,
  );
  return rows.map((r) => Number(r.supply));
}

export type ListingState = { status: string; sold_at: unknown; live: number; released: number; consumed: number };

/** A listing's status and its reservations: live (neither released nor consumed), released, consumed. */
export async function listingState(db: DbOrTx, listingId: string): Promise<ListingState> {
  const [row] = await queryRows<ListingState>(
    db,
    sql`SELECT l.status, l.sold_at,
               (SELECT count(*)::int FROM listing_reservations r WHERE r.listing_id = l.id AND r.released_at IS NULL AND r.consumed_at IS NULL) AS live,
               (SELECT count(*)::int FROM listing_reservations r WHERE r.listing_id = l.id AND r.released_at IS NOT NULL) AS released,
               (SELECT count(*)::int FROM listing_reservations r WHERE r.listing_id = l.id AND r.consumed_at IS NOT NULL) AS consumed
        FROM marketplace_listings l WHERE l.id = ${Number(listingId)}`,
  );
  return row!;
}

/** Listed items counted as the list totals count them (listing_counts, kept by triggers). */
export async function listedCount(db: DbOrTx): Promise<number> {
  const [row] = await queryRows<{ n: string }>(db, sql`SELECT coalesce(sum(listed), 0)::text AS n FROM listing_counts`);
  return Number(row!.n);
}

/** Moves an order's expiry (and its job) into the past, as if its reservation window had passed. */
export async function lapse(db: DbOrTx, orderId: number): Promise<void> {
  await db.execute(sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = ${orderId}`);
  await db.execute(
    sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE dedupe_key = ${`order.expire:${orderId}`}`,
  );
}

export async function eventsOf(
  db: DbOrTx,
  orderId: number,
): Promise<{ kind: string; from_status: string | null; to_status: string | null }[]> {
  return queryRows(
    db,
    sql`SELECT kind, from_status, to_status FROM order_events WHERE order_id = ${orderId} ORDER BY id`,
  );
}

/** Settles every promise and sorts the outcomes: values, 409s, and anything else (which must not happen). */
export async function outcomes<T>(calls: Promise<T>[]) {
  const settled = await Promise.allSettled(calls);
  const ok = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const errors = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as unknown] : []));
  const conflicts = errors.filter((e) => e instanceof AppError && e.status === 409);
  const unexpected = errors.filter((e) => !(e instanceof AppError && e.status === 409)).map((e) => String(e));
  return { ok, conflicts, unexpected };
}
