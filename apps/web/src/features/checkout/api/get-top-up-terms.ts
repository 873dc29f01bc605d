import type { TopUpTermsResponse } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/credit/topup: the price of a credit now and how many one top-up may buy (operator settings). */
export const getTopUpTerms = (signal?: AbortSignal) => api.get<TopUpTermsResponse>('/api/credit/topup', { signal });

export const topUpTermsKey = ['credit', 'topup-terms'] as const;

export const topUpTermsQueryOptions = () =>
  // The operator may change the price: asked again after a minute, and whenever a top-up is refused.
  queryOptions({ queryKey: topUpTermsKey, queryFn: ({ signal }) => getTopUpTerms(signal), staleTime: 60_000 });

export const useTopUpTerms = () => useQuery(topUpTermsQueryOptions());
