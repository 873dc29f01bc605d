import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketplaceItemResponse } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';
import { marketplaceKeys } from '../../../lib/marketplace-keys.ts';

export const getMarketplaceItem = (id: string, signal?: AbortSignal) =>
  api.get<MarketplaceItemResponse>(`/api/marketplace/item/${encodeURIComponent(id)}`, { auth: false, signal });

export const marketplaceItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: marketplaceKeys.item(id),
    queryFn: ({ signal }) => getMarketplaceItem(id, signal),
    staleTime: 30_000,
  });

export const useMarketplaceItem = (id: string) => useQuery(marketplaceItemQueryOptions(id));
