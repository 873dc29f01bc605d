import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopItemResponse } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

export const getShopItem = (id: string, signal?: AbortSignal) =>
  api.get<ShopItemResponse>(`/api/shop/item/${encodeURIComponent(id)}`, { auth: false, signal });

export const shopItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['shop', 'item', id] as const,
    queryFn: ({ signal }) => getShopItem(id, signal),
    staleTime: 30_000,
  });

export const useShopItem = (id: string) => useQuery(shopItemQueryOptions(id));
