import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ShopItem } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

export type ShopPricePoint = { sold_at: string; price: number; price_micro: string };
export type ShopItemDetail = ShopItem & { price_history: ShopPricePoint[] };
export type ShopItemResponse = { error: false; item: ShopItemDetail };

export const getShopItem = (id: string, signal?: AbortSignal) =>
  api.get<ShopItemResponse>(`/api/shop/item/${encodeURIComponent(id)}`, { auth: false, signal });

export const shopItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['shop', 'item', id] as const,
    queryFn: ({ signal }) => getShopItem(id, signal),
    staleTime: 30_000,
  });

export const useShopItem = (id: string) => useQuery(shopItemQueryOptions(id));
