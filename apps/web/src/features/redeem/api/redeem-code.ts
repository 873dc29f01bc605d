import type { RedeemBody, RedeemResponse } from '@starport/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/my/redeem: redeems a code; answers what was granted. */
export const redeemCode = (body: RedeemBody) => api.post<RedeemResponse>('/api/my/redeem', body);

export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCode,
    // A grant changes holdings that other pages show (the DNC balance, My Assets) and this
    // page's history; their keys belong to their areas, so everything cached is read again.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}
