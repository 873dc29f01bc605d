import type { CreditTotalResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

export const getCreditTotal = (): Promise<CreditTotalResponse> => api.get<CreditTotalResponse>('/api/credit/total');

export const useCreditTotal = (enabled: boolean) =>
  useQuery({ queryKey: accountKeys.creditTotal(), queryFn: getCreditTotal, enabled, staleTime: 60_000 });
