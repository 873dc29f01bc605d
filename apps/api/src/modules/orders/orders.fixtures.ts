import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';

export { addBlindBox, addListing, addPlayer, addShopLine, setBoxTiers, stockOf, tiersOf } from '../../../test/catalogue-fixtures.ts';

/** Test fixtures: a few shop lines, blind boxes, listings and players, without the whole demo catalogue. */

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
