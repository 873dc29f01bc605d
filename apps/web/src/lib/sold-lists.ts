import type { SoldListResponse } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { marketplaceKeys } from './marketplace-keys.ts';

/**
 * The three lists of recorded marketplace sales (owned-assets.md §7.4). They live in the
 * shared layer because both the landing page (site) and the top lists (leaderboards) show
 * them, and one query key per list lets the two pages share the cache.
 */
export const SOLD_LISTS = {
  topNft: '/api/marketplace/top_nft',
  lastSevenDays: '/api/marketplace/last_7_days',
  recentlySold: '/api/marketplace/recently_sold',
} as const;
export type SoldListName = keyof typeof SOLD_LISTS;

export const getSoldList = (list: SoldListName, limit: number, signal?: AbortSignal) =>
  api.get<SoldListResponse>(SOLD_LISTS[list], { auth: false, signal, query: { limit } });

export const soldListQueryOptions = (list: SoldListName, limit: number) =>
  queryOptions({
    queryKey: marketplaceKeys.sold(list, limit),
    queryFn: ({ signal }) => getSoldList(list, limit, signal),
    staleTime: 60_000,
  });

export const useSoldList = (list: SoldListName, limit: number) => useQuery(soldListQueryOptions(list, limit));
