import type { OrderStatus } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { orderQueryOptions } from '../../../lib/get-order.ts';

/** How often a pending order is asked again after the widget's success, and for how long. */
export const ORDER_POLL_EVERY_MS = 2_000;
export const ORDER_POLL_FOR_MS = 120_000;

/**
 * The order's real state (GET /api/orders/{code} through its one client), set by the
 * provider's confirmation alone. Asked again while pending, for up to ORDER_POLL_FOR_MS.
 */
export function useOrderStatus(code: string) {
  const [since] = useState(() => Date.now());
  return useQuery({
    ...orderQueryOptions(code),
    select: (answer): OrderStatus => answer.data.status,
    refetchInterval: (query) =>
      query.state.data?.data.status === 'pending' && Date.now() - since < ORDER_POLL_FOR_MS
        ? ORDER_POLL_EVERY_MS
        : false,
  });
}
