import type { MyHistoryResponse } from '@starport/schemas';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ownerKeys } from './get-my-referrals.ts';

// HISTORY_PAGE_SIZE of packages/schemas/src/history.ts; the package root would bring zod into this page.
export const HISTORY_PAGE_SIZE = 20;

/** GET /api/my/history (docs/api-history.md): one page of the player's activity, older than `cursor`. */
export const getMyHistory = (cursor: string | null, signal?: AbortSignal) =>
  api.get<MyHistoryResponse>('/api/my/history', { signal, query: { limit: HISTORY_PAGE_SIZE, cursor: cursor ?? undefined } });

/** The player's activity, newest first, one more page each time `fetchNextPage` is called. */
export const useMyHistory = (enabled: boolean) =>
  useInfiniteQuery({
    queryKey: ownerKeys.history(),
    queryFn: ({ pageParam, signal }) => getMyHistory(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    enabled,
  });
