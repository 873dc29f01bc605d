import type { LandMintResponse } from '@starport/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { landKeys } from './land-keys.ts';

/**
 * POST /api/lands/mint: asks the server to mint a collection to the linked wallet. The server
 * freezes it at once (state 1), so every land list reads again, whatever the answer.
 */
export function useMintCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<LandMintResponse>('/api/lands/mint', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: landKeys.all }),
  });
}
