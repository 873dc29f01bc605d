import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../../lib/api-client.ts';
import type { FairnessSeedResponse, SeedRotationResponse } from '@starport/schemas';
import { FAIRNESS_QUERY_KEY, OPENINGS_KEY } from './query-keys.ts';

const SEED_KEY = [...FAIRNESS_QUERY_KEY, 'seed'] as const;

/** GET /api/fairness/seed: the active pair (the server makes one on the first call). */
export const getSeed = (signal?: AbortSignal) => api.get<FairnessSeedResponse>('/api/fairness/seed', { signal });

/** PUT /api/fairness/client_seed: a new client seed ends the pair, so it rotates too. */
export const changeClientSeed = (clientSeed: string) =>
  apiRequest<SeedRotationResponse>('/api/fairness/client_seed', { method: 'PUT', body: { client_seed: clientSeed } });

/** POST /api/fairness/rotate: reveals the server seed and starts a new pair at nonce 0. */
export const rotateSeed = () => api.post<SeedRotationResponse>('/api/fairness/rotate');

export const useSeed = (enabled: boolean) =>
  useQuery({
    queryKey: SEED_KEY,
    queryFn: ({ signal }) => getSeed(signal),
    enabled,
    // Every box bought moves the nonce on: never show a remembered one as next.
    staleTime: 0,
  });

/**
 * Both rotations answer with the new pair, which replaces the cached one at once; the openings
 * are asked again because their server seeds are now revealed.
 */
function useRotation<TVariables>(mutationFn: (variables: TVariables) => Promise<SeedRotationResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (response) => {
      queryClient.setQueryData<FairnessSeedResponse>(SEED_KEY, { error: false, data: response.data.active });
    },
    // After a failure the pair may have rotated all the same: ask the server what is active.
    onError: () => queryClient.invalidateQueries({ queryKey: SEED_KEY }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: OPENINGS_KEY }),
  });
}

export const useChangeClientSeed = () => useRotation(changeClientSeed);
export const useRotateSeed = () => useRotation<void>(() => rotateSeed());
