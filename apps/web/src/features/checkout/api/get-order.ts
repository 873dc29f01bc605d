import type { Order, OrderStatus } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api-client.ts';

/** How often a pending order is asked again after the widget's success, and for how long. */
export const ORDER_POLL_EVERY_MS = 2_000;
export const ORDER_POLL_FOR_MS = 120_000;

/**
 * GET /api/orders/{code} (docs/api-orders.md): the order's real state, set by the provider's
 * confirmation alone. Asked again while pending, for up to ORDER_POLL_FOR_MS.
 */
export function useOrderStatus(code: string) {
  const [since] = useState(() => Date.now());
  return useQuery({
    queryKey: ['orders', code],
    queryFn: ({ signal }) =>
      api.get<{ error: false; data: Order }>(`/api/orders/${encodeURIComponent(code)}`, { signal }),
    select: (answer): OrderStatus => answer.data.status,
    refetchInterval: (query) =>
      query.state.data?.data.status === 'pending' && Date.now() - since < ORDER_POLL_FOR_MS
        ? ORDER_POLL_EVERY_MS
        : false,
    staleTime: 0,
  });
}
