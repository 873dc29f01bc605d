import { z } from 'zod';
import { PermanentJobError, type JobHandler } from '../../jobs/queue.ts';
import { flagBlocked, fulfilOrder } from './fulfilment/fulfil-order.ts';
import { FulfilmentBlocked, type FulfilmentContext } from './fulfilment/grants.ts';

export const ORDER_FULFIL_JOB = 'order.fulfil';

const PayloadSchema = z.object({ orderId: z.number().int().positive() });

/**
 * Queued by markPaid in the transaction that makes the order paid (dedupe key per order).
 * Safe to run twice or on two workers at once: only the run that moves the order from paid to
 * fulfilled grants anything. A crash or a database error rolls the whole fulfilment back and
 * the queue retries it with backoff; a blocked order (an empty tier, no Legendary serial
 * left, a listing not sold to it) fails for good and is flagged for review, still paid.
 */
export function fulfilOrderJob(context: FulfilmentContext = {}): JobHandler {
  return async (payload, { db, log }) => {
    const { orderId } = PayloadSchema.parse(payload);
    try {
      const result = await fulfilOrder(db, orderId, context);
      if (result.outcome === 'fulfilled') log.info({ orderId, lines: result.grants.length }, 'order fulfilled');
      else log.debug({ orderId, status: result.status }, 'order not fulfilled: not paid');
    } catch (err) {
      if (!(err instanceof FulfilmentBlocked)) throw err;
      await flagBlocked(db, orderId, err.message);
      throw new PermanentJobError(err.message);
    }
  };
}
