import type { ClaimLandsResponse } from '@starport/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { goalandKeys } from './get-my-lands.ts';

export const claimLands = () => api.post<ClaimLandsResponse>('/api/my/lands/claim');

/** Reads the summary again whatever the answer: a refusal means what was shown was out of date. */
export function useClaimLands() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => claimLands(), onSettled: () => queryClient.invalidateQueries({ queryKey: goalandKeys.mine }) });
}
