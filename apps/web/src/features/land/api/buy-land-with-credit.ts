import type { BuyLandResponse, BuyLandWithCreditBody } from '@starport/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refreshLandCredit } from '../../../lib/land-credit.ts';
import { landKeys } from './land-keys.ts';

/** POST /api/land/payment/credit: buys free plots with land credit, all or none. */
export const buyLandWithCredit = (body: BuyLandWithCreditBody) => api.post<BuyLandResponse>('/api/land/payment/credit', body);

/**
 * After any answer the cells, lists and the balance are read again: a success changed them, and
 * a refusal (someone bought a plot first, the price moved) means what was shown is out of date.
 */
export function useBuyLandWithCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyLandWithCredit,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: landKeys.all }), refreshLandCredit(queryClient)]),
  });
}
