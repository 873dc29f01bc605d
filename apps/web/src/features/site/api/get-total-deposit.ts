import type { TotalDepositResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Marketplace volume: how many sales were recorded and what they came to in USD. */
export const getTotalDeposit = (signal?: AbortSignal) =>
  api.get<TotalDepositResponse>('/api/marketplace/totalDeposit', { auth: false, signal });

export const useTotalDeposit = () =>
  useQuery({
    queryKey: ['marketplace', 'totalDeposit'],
    queryFn: ({ signal }) => getTotalDeposit(signal),
    staleTime: 60_000,
  });
