import type { MarketplaceFindResponse } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { marketplaceKeys } from '../../../lib/marketplace-keys.ts';

/** The newest Legendary ship listed on the marketplace, for the landing's hero (one row read). */
export const getFeaturedShip = (signal?: AbortSignal) =>
  api.get<MarketplaceFindResponse>('/api/marketplace/find', {
    auth: false,
    signal,
    query: { kind: 'ship', rarity: 'legendary', limit: 1 },
  });

/** Under the marketplace's root: when it is bought, the hero shows the next one. */
export const featuredShipQueryOptions = () =>
  queryOptions({
    queryKey: marketplaceKeys.featuredShip(),
    queryFn: ({ signal }) => getFeaturedShip(signal),
    staleTime: 60_000,
  });

export const useFeaturedShip = () => useQuery(featuredShipQueryOptions());
