import type { TotalDepositResponse } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { marketplaceKeys } from '../../../lib/marketplace-keys.ts';

/** Marketplace volume: how many sales were recorded and what they came to in USD. */
export const getTotalDeposit = (signal?: AbortSignal) =>
  api.get<TotalDepositResponse>('/api/marketplace/totalDeposit', { auth: false, signal });

/** Under the marketplace's root: a purchase there refreshes it. */
export const totalDepositQueryOptions = () =>
  queryOptions({
    queryKey: marketplaceKeys.totalDeposit(),
    queryFn: ({ signal }) => getTotalDeposit(signal),
    staleTime: 60_000,
  });

export const useTotalDeposit = () => useQuery(totalDepositQueryOptions());
