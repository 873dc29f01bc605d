import type { Order } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type GetOrderResponse = { error: false; data: Order };

/** GET /api/orders/{code} (docs/api-orders.md): one of the signed-in player's orders. */
export const getOrder = (code: string, signal?: AbortSignal) =>
  api.get<GetOrderResponse>(`/api/orders/${encodeURIComponent(code)}`, { signal });

type UseOrderOptions = { enabled: boolean; refetchInterval: (order: Order | undefined) => number | false };

/** The order, asked again every `refetchInterval` ms while it says so (waiting for the webhook). */
export const useOrder = (code: string, { enabled, refetchInterval }: UseOrderOptions) =>
  useQuery({
    queryKey: ['orders', code],
    queryFn: ({ signal }) => getOrder(code, signal),
    enabled,
    refetchInterval: (query) => refetchInterval(query.state.data?.data),
    // The state is what this page is about: never show a remembered one as current.
    staleTime: 0,
  });
