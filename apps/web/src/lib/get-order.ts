import type { Order, OrderResponse } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

// The one client of GET /api/orders/{code}: checkout's success dialog and the card payment's
// result page both read an order, and My Orders invalidates it, so it lives in the shared layer.

/** Every order query starts with this root, so one invalidation (a cancel) refreshes them all. */
export const ordersKeys = {
  all: ['orders'] as const,
  list: (page: number) => [...ordersKeys.all, 'list', page] as const,
  detail: (code: string) => [...ordersKeys.all, code] as const,
};

/** GET /api/orders/{code} (docs/api-orders.md): one of the signed-in player's orders. */
export const getOrder = (code: string, signal?: AbortSignal) =>
  api.get<OrderResponse>(`/api/orders/${encodeURIComponent(code)}`, { signal });

export const orderQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ordersKeys.detail(code),
    queryFn: ({ signal }) => getOrder(code, signal),
    // An order's state is what its readers are about: never show a remembered one as current.
    staleTime: 0,
  });

/**
 * Paid, with a blind box whose openings are not all recorded yet: the boxes open just after the
 * payment is confirmed, so a reader showing what they gave asks again until they are.
 */
export const boxesStillOpening = (order: Order): boolean =>
  (order.status === 'paid' || order.status === 'fulfilled') &&
  order.lines.some((l) => l.object === 'blindbox' && l.openings !== undefined && l.openings.length < l.total);

type UseOrderOptions = { enabled?: boolean; refetchInterval: (order: Order | undefined) => number | false };

/** The order, asked again every `refetchInterval` ms while it says so (waiting for the webhook). */
export const useOrder = (code: string, { enabled = true, refetchInterval }: UseOrderOptions) =>
  useQuery({
    ...orderQueryOptions(code),
    enabled,
    refetchInterval: (query) => refetchInterval(query.state.data?.data),
  });
