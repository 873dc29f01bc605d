import type { MyListingsResponse } from '@starport/schemas';
import { MY_ASSETS_PAGE_SIZE } from '@starport/schemas/my-assets-rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { myAssetsKeys, type ListingsKind, type ListingsStatus } from './my-assets-keys.ts';

/** GET /api/my/listings: the player's listings, active (listed or held by a checkout), sold or ended. */
export const getMyListings = (status: ListingsStatus, page: number, kind?: ListingsKind, signal?: AbortSignal) =>
  api.get<MyListingsResponse>('/api/my/listings', {
    signal,
    query: { status, page, limit: MY_ASSETS_PAGE_SIZE, ...(kind ? { kind } : {}) },
  });

export const myListingsQueryOptions = (status: ListingsStatus, page = 1, kind?: ListingsKind) =>
  queryOptions({
    queryKey: myAssetsKeys.listings(status, page, kind),
    queryFn: ({ signal }) => getMyListings(status, page, kind, signal),
    placeholderData: keepPreviousData,
    // A buyer's checkout may hold or buy a listing at any moment: never show a remembered page as current.
    staleTime: 0,
  });

export const useMyListings = (status: ListingsStatus, page = 1, kind?: ListingsKind) => useQuery(myListingsQueryOptions(status, page, kind));
