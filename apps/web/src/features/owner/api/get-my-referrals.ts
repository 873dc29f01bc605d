import type { MyRefResponse } from '@starport/schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

// MY_REF_PAGE_SIZE of packages/schemas/src/referrals.ts; the package root would bring zod into this page.
export const MY_REF_PAGE_SIZE = 20;

export const ownerKeys = {
  all: ['owner'] as const,
  referrals: (page: number) => [...ownerKeys.all, 'referrals', page] as const,
  units: (page: number) => [...ownerKeys.all, 'units', page] as const,
  history: () => [...ownerKeys.all, 'history'] as const,
};

/** GET /api/my/ref (docs/api-referrals.md): the players who came with the player's link, and what they earned them. */
export const getMyReferrals = (page: number, signal?: AbortSignal) =>
  api.get<MyRefResponse>('/api/my/ref', { signal, query: { page, limit: MY_REF_PAGE_SIZE } });

export const useMyReferrals = (page: number) =>
  useQuery(
    queryOptions({
      queryKey: ownerKeys.referrals(page),
      queryFn: ({ signal }) => getMyReferrals(page, signal),
      placeholderData: keepPreviousData,
    }),
  );
