import type { OrderStatus } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../../db/client.ts';
import { rewardReferrer } from '../../referrals/index.ts';
import { logEvent, markNeedsReview, transition } from '../orders.repo.ts';
import { grantOrder } from './grant-order.ts';
import type { FulfilmentContext, LineGrant } from './grants.ts';

export type FulfilOutcome =
  | { outcome: 'fulfilled'; grants: LineGrant[] }
  /** not paid (any more): already fulfilled by another run, refunded, or not found */
  | { outcome: 'unchanged'; status: OrderStatus | null };

/**
 * paid → fulfilled, granting what the order bought, in one transaction. The order row is
 * locked first: of two runs (a retried job, two workers) the second waits, then finds the
 * order fulfilled and grants nothing. The conditional transition confirms the move and logs
 * 'fulfilled' with what was granted. Any failure rolls back every grant with it, and the
 * order stays paid for the next attempt.
 */
export async function fulfilOrder(db: Db, orderId: number, context: FulfilmentContext = {}): Promise<FulfilOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await queryRows<{ code: string; user_id: string; status: OrderStatus; total_micro: string }>(
      tx,
      sql`SELECT code, user_id, status, total_micro::text AS total_micro FROM orders WHERE id = ${orderId} FOR UPDATE`,
    );
    if (order?.status !== 'paid') return { outcome: 'unchanged', status: order?.status ?? null };
    const grants = await grantOrder(tx, { id: orderId, code: order.code, userId: order.user_id }, context);
    // A referred buyer's paid order earns their referrer a share of it, with the grants or not at all.
    const items = await queryRows<{ n: number }>(tx, sql`SELECT coalesce(sum(quantity), 0)::int AS n FROM order_lines WHERE order_id = ${orderId}`);
    await rewardReferrer(tx, { orderId, buyerId: order.user_id, volumeMicro: BigInt(order.total_micro), items: Number(items[0]?.n ?? 0) });
    const moved = await transition(tx, orderId, ['paid'], 'fulfilled', { kind: 'fulfilled', payload: { grants } });
    // Cannot happen while we hold the row lock; if it ever does, nothing may stay granted.
    if (!moved.ok) throw new Error(`order ${orderId} left paid during its fulfilment (now ${moved.current})`);
    return { outcome: 'fulfilled', grants };
  });
}

/** A blocked fulfilment: logged on the order and flagged for an operator; the order stays paid. */
export async function flagBlocked(db: Db, orderId: number, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    await logEvent(tx, orderId, { kind: 'fulfilment_blocked', payload: { reason } });
    await markNeedsReview(tx, orderId);
  });
}
