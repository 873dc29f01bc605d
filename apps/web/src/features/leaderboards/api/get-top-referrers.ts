import type { LeaderboardResponse } from '@starport/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const LEADERBOARD_PAGE_SIZE = 20;

/** This month's referral champions, one page (owned-assets.md §2.9, §7.4). */
export const getTopReferrers = (page: number, signal?: AbortSignal) =>
  api.get<LeaderboardResponse>('/api/leaderboards/topref', {
    auth: false,
    signal,
    query: { page, limit: LEADERBOARD_PAGE_SIZE },
  });

/** The current page stays on screen while the next one loads, so the table never blinks empty. */
export const topReferrersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['leaderboards', 'topref', page] as const,
    queryFn: ({ signal }) => getTopReferrers(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useTopReferrers = (page: number) => useQuery(topReferrersQueryOptions(page));
