import type { ListingResponse, ShipListingBody } from '@starport/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefreshMyAssets } from './use-refresh-my-assets.ts';

/** POST /api/marketplace/listing: puts one owned ship (its My Assets `_id`) up for sale. */
export const listShip = (body: ShipListingBody) => api.post<ListingResponse>('/api/marketplace/listing', body);

/** Lists, then asks for the lists again whatever the answer: a refusal means they were out of date. */
export function useListShip() {
  const refresh = useRefreshMyAssets();
  return useMutation({ mutationFn: listShip, onSettled: refresh });
}
