import type { ProceedsResponse } from '@starport/schemas';
import { MY_ASSETS_PAGE_SIZE } from '@starport/schemas/my-assets-rules';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { myAssetsKeys } from './my-assets-keys.ts';

/** GET /api/my/proceeds: the total credited for the player's sales, and the sales newest first. */
export const getProceeds = (page: number, signal?: AbortSignal) =>
  api.get<ProceedsResponse>('/api/my/proceeds', { signal, query: { page, limit: MY_ASSETS_PAGE_SIZE } });

export const proceedsQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: myAssetsKeys.proceeds(page),
    queryFn: ({ signal }) => getProceeds(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useProceeds = (page = 1) => useQuery(proceedsQueryOptions(page));
