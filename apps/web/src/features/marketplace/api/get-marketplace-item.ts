import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketplaceItem, UnitCollection } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';
import { marketplaceKeys } from '../../../lib/marketplace-keys.ts';

export type PricePoint = { sold_at: string; price: number; price_micro: string };
export type MarketplaceItemDetail = MarketplaceItem & {
  price_history: PricePoint[];
  more_from_collection: MarketplaceItem[];
  /** units only: the ERC1155 collection and its contract (null address until deployed) */
  collection?: UnitCollection;
  /** units only: the sales of every apartment of the unit's type */
  type_price_history?: PricePoint[];
};
export type MarketplaceItemResponse = { error: false; item: MarketplaceItemDetail };

export const getMarketplaceItem = (id: string, signal?: AbortSignal) =>
  api.get<MarketplaceItemResponse>(`/api/marketplace/item/${encodeURIComponent(id)}`, { auth: false, signal });

export const marketplaceItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: marketplaceKeys.item(id),
    queryFn: ({ signal }) => getMarketplaceItem(id, signal),
    staleTime: 30_000,
  });

export const useMarketplaceItem = (id: string) => useQuery(marketplaceItemQueryOptions(id));
