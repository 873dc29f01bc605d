import type { MarketplaceFindResponse } from '@starport/schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { marketplaceKeys } from '../../../lib/marketplace-keys.ts';

/** The part of the list call's answer this reads. */
type FindTotal = Pick<MarketplaceFindResponse, 'error' | 'total' | 'total_capped'>;

/** How many ships are for sale on the marketplace: the list call's total, one row read. */
export const getShipsForSale = (signal?: AbortSignal) =>
  api.get<FindTotal>('/api/marketplace/find', { auth: false, signal, query: { kind: 'ship', limit: 1 } });

/** Under the marketplace's root: a purchase there refreshes it. */
export const shipsForSaleQueryOptions = () =>
  queryOptions({
    queryKey: marketplaceKeys.shipsTotal(),
    queryFn: ({ signal }) => getShipsForSale(signal),
    staleTime: 60_000,
  });

export const useShipsForSale = () => useQuery(shipsForSaleQueryOptions());
