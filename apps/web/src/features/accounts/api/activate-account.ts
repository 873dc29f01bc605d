import type { ActivationResponse } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { accountKeys } from './query-keys.ts';

export const activateAccount = (key: string): Promise<ActivationResponse> =>
  api.get<ActivationResponse>(`/api/account/active/${encodeURIComponent(key)}`, { auth: false });

/**
 * A query rather than a mutation so that React's double effects and re-renders reuse one call:
 * the key is one-shot, a second call would report it as already used.
 */
export const useActivateAccount = (key: string) =>
  useQuery({
    queryKey: accountKeys.activation(key),
    queryFn: () => activateAccount(key),
    enabled: key.length > 0,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
  });
