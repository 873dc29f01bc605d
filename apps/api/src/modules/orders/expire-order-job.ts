import { z } from 'zod';
import type { JobHandler } from '../../jobs/queue.ts';
import type { OrdersService } from './orders.service.ts';

export { ORDER_EXPIRE_JOB } from './orders.service.ts';

const PayloadSchema = z.object({ orderId: z.number().int().positive() });

/**
 * Queued with the order, due when its reservation lapses. Safe to run twice or on two
 * workers at once: only the run that moves the order out of pending gives stock back.
 */
export function expireOrderJob(orders: Pick<OrdersService, 'expire'>): JobHandler {
  return async (payload, { log }) => {
    const { orderId } = PayloadSchema.parse(payload);
    const outcome = await orders.expire(orderId);
    // Due by the database clock, which also decides when the job runs: this only happens if
    // the job was queued for the wrong time. Failing retries it later with backoff.
    if (outcome === 'not_due') throw new Error(`order ${orderId} is not due to expire yet`);
    log.debug({ orderId, outcome }, 'order expiry');
  };
}
