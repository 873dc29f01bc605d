import type { MyAssetsResponse } from '@starport/schemas';
import { MY_ASSETS_PAGE_SIZE } from '@starport/schemas/my-assets-rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { toListQuery, type ListFilters } from '../../../lib/list-filters.ts';
import { convertingPollDelay } from '../model/mint-poll.ts';
import { myAssetsKeys } from './my-assets-keys.ts';

/** GET /api/my/assets: one page of the ships and unit pieces the player owns, with the URL's filters. */
export const getMyAssets = (filters: ListFilters, signal?: AbortSignal) =>
  api.get<MyAssetsResponse>('/api/my/assets', { signal, query: toListQuery(filters, MY_ASSETS_PAGE_SIZE) });

/** The previous page stays on screen while the next one loads. */
export const myAssetsQueryOptions = (filters: ListFilters) =>
  queryOptions({
    queryKey: myAssetsKeys.assets(filters),
    queryFn: ({ signal }) => getMyAssets(filters, signal),
    placeholderData: keepPreviousData,
    // A ship's state changes on the server (a buyer's checkout holds it, a sale): read it fresh.
    staleTime: 0,
    // A ship being converted to an NFT moves on by itself (payment verified, token minted).
    refetchInterval: (query) => convertingPollDelay(query.state.data, query.state.dataUpdateCount),
  });

export const useMyAssets = (filters: ListFilters) => useQuery(myAssetsQueryOptions(filters));
