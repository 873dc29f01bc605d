import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { SHIP_MINT_FAILED_JOB } from '../minting/index.ts';
import { logEvent, markNeedsReview } from './orders.repo.ts';

export { SHIP_MINT_FAILED_JOB };

const PayloadSchema = z.object({
  mintId: z.number().int().positive(),
  assetId: z.number().int().positive(),
  userId: z.string().uuid(),
  reason: z.string(),
});

/**
 * A ship's mint failed for good after its fee was paid (decision 0070): the copy is free again
 * (the minting area did that), but the player paid for a mint they did not get. The order whose
 * fulfilment queued that very mint (its `fulfilled` event names the mint) goes to the operator's
 * review with the reason, to refund the fee or mint again. Safe to run twice: the event's key is
 * the mint, so the second run logs and flags nothing.
 */
export function shipMintFailedJob(): JobHandler {
  return async (payload, { db, log }) => {
    const { mintId, assetId, userId, reason } = PayloadSchema.parse(payload);
    const flagged = await db.transaction(async (tx) => {
      const [order] = await queryRows<{ id: number }>(
        tx,
        // Through the player's orders (an index), to the one whose fulfilment granted this mint.
        sql`SELECT o.id FROM orders o
            JOIN order_lines l ON l.order_id = o.id AND l.object = 'ship_mint' AND l.owned_ship_id = ${assetId}
            JOIN order_events e ON e.order_id = o.id AND e.kind = 'fulfilled'
            WHERE o.user_id = ${userId}
              AND e.payload -> 'grants' @> ${JSON.stringify([{ object: 'ship_mint', mint_id: mintId }])}::jsonb
            ORDER BY o.id LIMIT 1`,
      );
      if (!order) return undefined;
      const logged = await logEvent(tx, order.id, {
        kind: 'mint_failed',
        providerEventId: `mint_failed:${mintId}`,
        payload: { mint_id: mintId, owned_ship_id: assetId, reason },
      });
      if (logged) await markNeedsReview(tx, order.id);
      return order.id;
    });
    if (flagged === undefined) log.warn({ mintId, ownedShipId: assetId }, 'a failed ship mint with no paid fee order');
    else log.warn({ mintId, orderId: flagged, reason }, 'paid ship mint failed for good: order flagged for review');
  };
}
