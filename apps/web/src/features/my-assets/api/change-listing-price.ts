import type { ListingResponse } from '@starport/schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useRefreshMyAssets } from './use-refresh-my-assets.ts';

/** PATCH /api/marketplace/listing/{id}: a new price; 409 while a buyer's checkout holds the listing. */
export const changeListingPrice = ({ id, price }: { id: string; price: string }) =>
  api.patch<ListingResponse>(`/api/marketplace/listing/${encodeURIComponent(id)}`, { price });

export function useChangeListingPrice() {
  const refresh = useRefreshMyAssets();
  return useMutation({ mutationFn: changeListingPrice, onSettled: refresh });
}
