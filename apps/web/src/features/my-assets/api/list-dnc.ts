import type { DncListingBody, ListingResponse } from '@starport/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefreshMyAssets } from './use-refresh-my-assets.ts';

/** POST /api/marketplace/listing_dnc: puts `dnc` DNC up for sale at `price` for the lot (held in escrow). */
export const listDnc = (body: DncListingBody) => api.post<ListingResponse>('/api/marketplace/listing_dnc', body);

export function useListDnc() {
  const refresh = useRefreshMyAssets();
  return useMutation({ mutationFn: listDnc, onSettled: refresh });
}
