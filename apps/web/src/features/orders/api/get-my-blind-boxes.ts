import type { MyBlindBoxesResponse } from '@starport/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ordersKeys } from '../../../lib/get-order.ts';

// MY_BLIND_BOXES_PAGE_SIZE of packages/schemas/src/my-blind-boxes.ts; the package root would bring zod into this page.
export const MY_BLIND_BOXES_PAGE_SIZE = 20;

/** While a paid box is still being drawn, look again this often until it shows what it gave. */
const OPENING_POLL_MS = 2_000;

/** GET /api/my/blindboxes (docs/api-orders.md): one page of the player's blind boxes, newest first. */
export const getMyBlindBoxes = (page: number, signal?: AbortSignal) =>
  api.get<MyBlindBoxesResponse>('/api/my/blindboxes', { signal, query: { page, limit: MY_BLIND_BOXES_PAGE_SIZE } });

export const myBlindBoxesQueryOptions = (page: number) =>
  queryOptions({
    // Under the orders key: paying or cancelling an order refreshes this list too.
    queryKey: [...ordersKeys.all, 'blindboxes', page] as const,
    queryFn: ({ signal }) => getMyBlindBoxes(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.data.boxes.some((box) => box.state === 'opening') ? OPENING_POLL_MS : false,
  });

export const useMyBlindBoxes = (page: number) => useQuery(myBlindBoxesQueryOptions(page));
