import type { Order } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { boxesStillOpening, orderQueryOptions } from '../../../lib/get-order.ts';

/** How often a pending order is asked again after the widget's success, and for how long. */
export const ORDER_POLL_EVERY_MS = 2_000;
export const ORDER_POLL_FOR_MS = 120_000;

/**
 * The order's real state (GET /api/orders/{code} through its one client), set by the
 * provider's confirmation alone. Asked again while pending, and once paid until its blind
 * boxes are open (to show what they gave), for up to ORDER_POLL_FOR_MS.
 */
export function useOrderStatus(code: string) {
  const [since] = useState(() => Date.now());
  return useQuery({
    ...orderQueryOptions(code),
    select: (answer): Order => answer.data,
    refetchInterval: (query) => {
      const order = query.state.data?.data;
      const waiting = order !== undefined && (order.status === 'pending' || boxesStillOpening(order));
      return waiting && Date.now() - since < ORDER_POLL_FOR_MS ? ORDER_POLL_EVERY_MS : false;
    },
  });
}
