import type { ListingResponse } from '@starport/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefreshMyAssets } from './use-refresh-my-assets.ts';

/** POST /api/marketplace/listing/{id}/cancel: the ship goes back to the hangar, DNC back to the balance; 409 while held. */
export const cancelListing = (id: string) =>
  api.post<ListingResponse>(`/api/marketplace/listing/${encodeURIComponent(id)}/cancel`);

export function useCancelListing() {
  const refresh = useRefreshMyAssets();
  return useMutation({ mutationFn: cancelListing, onSettled: refresh });
}
