import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import type { OrderStatus } from '@starport/schemas';

/**
 * The operator's side of payments we could not accept as they came (a late payment for an
 * expired order, a wrong amount): such orders carry needs_review and the events that explain
 * why. The operator refunds or honours them at the provider, then records the outcome here.
 */

export type ReviewEvent = { kind: string; at: Date; providerEventId: string | null; payload: Record<string, unknown> };
export type OrderForReview = {
  code: string;
  status: OrderStatus;
  method: string;
  provider: string | null;
  totalMicro: bigint;
  player: string;
  updatedAt: Date;
  reasons: ReviewEvent[];
};

const REVIEW_KINDS = ['payment_mismatch', 'payment_after_close', 'payment_unverified', 'listing_not_reserved', 'fulfilment_blocked', 'mint_failed'];

/** Orders waiting for an operator, oldest first (the longest waiting comes first). */
export async function ordersForReview(db: Db, limit: number): Promise<{ orders: OrderForReview[]; total: number }> {
  const rows = await queryRows<{
    id: number;
    code: string;
    status: OrderStatus;
    method: string;
    provider: string | null;
    total_micro: string;
    player: string;
    updated_at: Date | string;
  }>(
    db,
    sql`SELECT o.id, o.code, o.status, o.method, o.provider, o.total_micro::text AS total_micro,
               u.username AS player, o.updated_at
        FROM orders o JOIN users u ON u.id = o.user_id
        WHERE o.needs_review ORDER BY o.updated_at, o.id LIMIT ${limit}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE needs_review`);
  const events = rows.length
    ? await queryRows<{
        order_id: number;
        kind: string;
        created_at: Date | string;
        provider_event_id: string | null;
        payload: Record<string, unknown>;
      }>(
        db,
        sql`SELECT order_id, kind, created_at, provider_event_id, payload FROM order_events
            WHERE order_id IN (${sql.join(
              rows.map((r) => sql`${r.id}`),
              sql`, `,
            )})
              AND kind IN (${sql.join(
                REVIEW_KINDS.map((k) => sql`${k}`),
                sql`, `,
              )})
            ORDER BY id`,
      )
    : [];
  return {
    total: Number(count?.n ?? 0),
    orders: rows.map((r) => ({
      code: r.code,
      status: r.status,
      method: r.method,
      provider: r.provider,
      totalMicro: BigInt(r.total_micro),
      player: r.player,
      updatedAt: new Date(r.updated_at),
      reasons: events
        .filter((e) => Number(e.order_id) === Number(r.id))
        .map((e) => ({
          kind: e.kind,
          at: new Date(e.created_at),
          providerEventId: e.provider_event_id,
          payload: e.payload,
        })),
    })),
  };
}

/**
 * Clears an order's review flag and records what the operator did. Returns false when the
 * order does not exist or was not waiting for review (nothing is written then).
 */
export async function resolveReview(db: Db, code: string, note: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE orders SET needs_review = false, updated_at = now()
          WHERE code = ${code} AND needs_review RETURNING id`,
    );
    if (!row) return false;
    await tx.execute(
      sql`INSERT INTO order_events (order_id, kind, payload)
          VALUES (${row.id}, 'review_resolved', ${JSON.stringify({ note })}::jsonb)`,
    );
    return true;
  });
}
