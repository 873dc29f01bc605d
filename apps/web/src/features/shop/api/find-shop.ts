import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopFindResponse } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';
import { toListQuery, type ListFilters } from '../../../lib/list-filters.ts';

/** Shop page size (storefront.md §9). */
export const SHOP_PAGE_SIZE = 16;

export const findShop = (filters: ListFilters, signal?: AbortSignal) =>
  api.get<ShopFindResponse>('/api/shop/find', {
    auth: false,
    signal,
    query: toListQuery(filters, SHOP_PAGE_SIZE),
  });

/** The previous page stays on screen while the next one loads, so the grid never blinks empty. */
export const shopFindQueryOptions = (filters: ListFilters) =>
  queryOptions({
    queryKey: ['shop', 'find', filters] as const,
    queryFn: ({ signal }) => findShop(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useShopFind = (filters: ListFilters) => useQuery(shopFindQueryOptions(filters));
