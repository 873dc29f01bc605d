import { useQuery } from '@tanstack/react-query';
import type { ShopItem } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

export type ShopPricePoint = { sold_at: string; price: number; price_micro: string };
export type ShopItemDetail = ShopItem & { price_history: ShopPricePoint[] };
export type ShopItemResponse = { error: false; item: ShopItemDetail };

export const getShopItem = (id: string, signal?: AbortSignal) =>
  api.get<ShopItemResponse>(`/api/shop/item/${encodeURIComponent(id)}`, { auth: false, signal });

export const useShopItem = (id: string) =>
  useQuery({
    queryKey: ['shop', 'item', id],
    queryFn: ({ signal }) => getShopItem(id, signal),
    staleTime: 30_000,
  });
