import { z } from 'zod';
import type { JobHandler } from '../../jobs/queue.ts';
import type { OrdersService } from './orders.service.ts';

export const ORDER_UNATTACHED_JOB = 'order.unattached';

/**
 * How long a reserved order may wait for its payment session before its stock goes back.
 * Opening a session takes seconds (a card provider's call, with its retries, at most about a
 * minute); an order still without one after this was left behind by a start that could not
 * finish or undo itself: the process was killed, or the database connection dropped mid-way.
 */
export const SESSION_GRACE_MS = 5 * 60_000;

const PayloadSchema = z.object({ orderId: z.number().int().positive() });

/**
 * Queued with the order, due SESSION_GRACE_MS later. Safe to run twice or beside a late
 * attach: the order row is locked, and only a pending order with no session is failed (which
 * gives its stock back); an attached, paid or closed order is left as it is.
 */
export function unattachedOrderJob(orders: Pick<OrdersService, 'failUnattached'>): JobHandler {
  return async (payload, { log }) => {
    const { orderId } = PayloadSchema.parse(payload);
    if (await orders.failUnattached(orderId)) log.warn({ orderId }, 'order failed: its payment session was never attached');
  };
}
