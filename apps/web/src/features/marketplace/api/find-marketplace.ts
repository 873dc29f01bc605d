import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketplaceFindResponse } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';
import { toListQuery, type ListFilters } from '../../../lib/list-filters.ts';
import { MARKET_PAGE_SIZE, marketplaceKeys } from '../../../lib/marketplace-keys.ts';

export { MARKET_PAGE_SIZE };

export const findMarketplace = (filters: ListFilters, signal?: AbortSignal) =>
  api.get<MarketplaceFindResponse>('/api/marketplace/find', {
    auth: false,
    signal,
    query: toListQuery(filters, MARKET_PAGE_SIZE),
  });

/** The previous page stays on screen while the next one loads, so the grid never blinks empty. */
export const marketplaceFindQueryOptions = (filters: ListFilters) =>
  queryOptions({
    queryKey: marketplaceKeys.find(filters),
    queryFn: ({ signal }) => findMarketplace(filters, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useMarketplaceFind = (filters: ListFilters) => useQuery(marketplaceFindQueryOptions(filters));
