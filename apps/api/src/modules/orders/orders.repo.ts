import type { OrderStatus, PaymentMethod } from '@starport/schemas';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { orderEvents, orderLines, orders } from '../../db/schema/index.ts';
import { sourcesOf } from './order-states.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;

export type NewOrder = {
  code: string;
  userId: string;
  method: PaymentMethod;
  totalsubMicro: bigint;
  discountMicro: bigint;
  totalMicro: bigint;
  discountBps: number;
  reservationMinutes: number;
  /** the stock is held at least until then (a payment session's own minimum), if later */
  holdAtLeast?: Date;
};

/**
 * Marks an order's unsettled shop reservations released and returns them, for the shop to
 * take the copies back (shop.returnStock). Marking a reservation released and reading its
 * quantity is one statement, so of two transactions releasing the same order only the first
 * gets rows back; the second finds them released and returns nothing.
 */
export async function releaseReservations(
  tx: Tx,
  orderId: number,
): Promise<{ shopStockId: number; quantity: number }[]> {
  const released = await queryRows<{ shop_stock_id: number; quantity: number }>(
    tx,
    sql`UPDATE stock_reservations SET released_at = now()
        WHERE order_id = ${orderId} AND released_at IS NULL AND consumed_at IS NULL
        RETURNING shop_stock_id, quantity`,
  );
  return released
    .map((r) => ({ shopStockId: Number(r.shop_stock_id), quantity: Number(r.quantity) }))
    .sort((a, b) => a.shopStockId - b.shopStockId);
}

/** A paid order's copies are sold: its reservations can no longer be released. */
export async function consumeReservations(tx: Tx, orderId: number): Promise<void> {
  await tx.execute(
    sql`UPDATE stock_reservations SET consumed_at = now() WHERE order_id = ${orderId} AND released_at IS NULL AND consumed_at IS NULL`,
  );
}

export type OrderEvent = { kind: string; providerEventId?: string | null; payload?: Record<string, unknown> };

/**
 * A log entry (no status change, or the creation of an order: `created` = 'pending'). With a
 * provider event id already logged, nothing is written: returns false.
 */
export async function logEvent(
  db: DbOrTx,
  orderId: number,
  event: OrderEvent,
  created?: OrderStatus,
): Promise<boolean> {
  const rows = await db
    .insert(orderEvents)
    .values({
      orderId,
      kind: event.kind,
      toStatus: created ?? null,
      providerEventId: event.providerEventId ?? null,
      payload: event.payload ?? {},
    })
    .onConflictDoNothing({ target: orderEvents.providerEventId, where: sql`provider_event_id IS NOT NULL` })
    .returning({ id: orderEvents.id });
  return rows.length > 0;
}

export type TransitionResult = { ok: true; from: OrderStatus } | { ok: false; current: OrderStatus | null };

/**
 * Moves an order from one of `from` to `to`, only as order-states.ts allows, and records the
 * move in order_events in the caller's transaction. The UPDATE carries `status IN (from)`:
 * when two transactions race, the second re-reads the row after the first commits, no longer
 * matches, and changes nothing. `dueOnly` also requires the reservation to have lapsed.
 */
export async function transition(
  tx: Tx,
  orderId: number,
  from: OrderStatus[],
  to: OrderStatus,
  event: OrderEvent,
  opts: { dueOnly?: boolean } = {},
): Promise<TransitionResult> {
  const allowed = from.filter((s) => sourcesOf(to).includes(s));
  if (allowed.length !== from.length || allowed.length === 0)
    throw new Error(`order transition ${from.join('|')} → ${to} is not in the state machine`);
  // Lock first so the event records the status we really left; the conditional UPDATE below
  // is what keeps two racing moves from both winning.
  const [current] = await queryRows<{ status: OrderStatus }>(
    tx,
    sql`SELECT status FROM orders WHERE id = ${orderId} FOR UPDATE`,
  );
  if (!current) return { ok: false, current: null };
  const moved = await queryRows<{ id: number }>(
    tx,
    sql`UPDATE orders SET status = ${to}, updated_at = now(),
          paid_at = CASE WHEN ${to} = 'paid' THEN now() ELSE paid_at END,
          fulfilled_at = CASE WHEN ${to} = 'fulfilled' THEN now() ELSE fulfilled_at END
        WHERE id = ${orderId} AND status IN (${sql.join(
          allowed.map((s) => sql`${s}`),
          sql`, `,
        )})
          ${opts.dueOnly ? sql`AND expires_at <= now()` : sql``}
        RETURNING id`,
  );
  if (moved.length === 0) return { ok: false, current: current.status };
  await tx.insert(orderEvents).values({
    orderId,
    kind: event.kind,
    fromStatus: current.status,
    toStatus: to,
    providerEventId: event.providerEventId ?? null,
    payload: event.payload ?? {},
  });
  return { ok: true, from: current.status };
}

export async function markNeedsReview(tx: Tx, orderId: number): Promise<void> {
  await tx
    .update(orders)
    .set({ needsReview: true, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}

/** Records the provider's session once: a pending order without one gets it. */
export async function attachSession(
  db: DbOrTx,
  orderId: number,
  provider: string,
  sessionId: string,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE orders SET provider = ${provider}, provider_session_id = ${sessionId}, updated_at = now()
        WHERE id = ${orderId} AND status = 'pending' AND provider_session_id IS NULL RETURNING id`,
  );
  return rows.length > 0;
}

/** Moves a pending order's expiry (and its queued expiry job) later, never earlier. */
export async function extendExpiry(tx: Tx, orderId: number, until: Date, jobKey: string): Promise<Date | null> {
  const [row] = await queryRows<{ ms: number }>(
    tx,
    sql`UPDATE orders SET expires_at = GREATEST(expires_at, ${until.toISOString()}::timestamptz), updated_at = now()
        WHERE id = ${orderId} AND status = 'pending' RETURNING (extract(epoch FROM expires_at) * 1000)::float8 AS ms`,
  );
  if (!row) return null;
  const expiresAt = new Date(Number(row.ms));
  await tx.execute(
    sql`UPDATE jobs SET run_at = ${expiresAt.toISOString()}::timestamptz
        WHERE dedupe_key = ${jobKey} AND done_at IS NULL AND failed_at IS NULL`,
  );
  return expiresAt;
}

/** The order row, locked until the caller's transaction ends. */
export async function lockForUpdate(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row;
}

export async function findById(db: DbOrTx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** An order only its owner may see: another user's code finds nothing. */
export async function findOwned(db: DbOrTx, userId: string, code: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.code, code), eq(orders.userId, userId)));
  return row;
}

export async function findByProviderSession(
  db: DbOrTx,
  provider: string,
  sessionId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerSessionId, sessionId)));
  return row;
}

export async function listOwned(
  db: DbOrTx,
  userId: string,
  page: number,
  limit: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${userId}`,
  );
  const total = Number(count?.n ?? 0);
  if ((page - 1) * limit >= total) return { rows: [], total };
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows, total };
}

export async function linesOf(db: DbOrTx, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(orderLines.id);
}
