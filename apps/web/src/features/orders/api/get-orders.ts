import type { OrdersPageResponse } from '@starport/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ordersKeys } from '../../../lib/get-order.ts';

// ORDERS_PAGE_SIZE of packages/schemas/src/orders.ts; the package root would bring zod into this page.
export const MY_ORDERS_PAGE_SIZE = 20;

/** GET /api/orders (docs/api-orders.md): one page of the signed-in player's orders, newest first. */
export const getOrders = (page: number, signal?: AbortSignal) =>
  api.get<OrdersPageResponse>('/api/orders', { signal, query: { page, limit: MY_ORDERS_PAGE_SIZE } });

/** The previous page stays on screen while the next one loads. */
export const ordersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ordersKeys.list(page),
    queryFn: ({ signal }) => getOrders(page, signal),
    placeholderData: keepPreviousData,
    // Statuses change on the server (webhooks, expiry): never show a remembered page as current.
    staleTime: 0,
  });

export const useOrders = (page: number) => useQuery(ordersQueryOptions(page));
