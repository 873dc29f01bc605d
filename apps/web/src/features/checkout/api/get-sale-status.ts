import type { SiteSetting } from '@starport/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * GET /site/setting for checkout: sale_program 1 means buying is open (spec §4). Same query key
 * as the site area's hook, so the answer is fetched once per page whoever asks first; a shared
 * layer cannot import that area, hence the second, identical fetcher.
 */
export const useSaleStatus = () =>
  useQuery({
    queryKey: ['site', 'setting'],
    queryFn: () => api.get<SiteSetting>('/site/setting', { auth: false }),
    staleTime: 60_000,
  });

export type SaleState = 'open' | 'closed' | 'loading' | 'unknown';

/** 'unknown' when the setting could not be read: nothing can be bought until it is. */
export function saleStateOf(query: ReturnType<typeof useSaleStatus>): SaleState {
  if (query.data) return query.data.sale_program === 1 ? 'open' : 'closed';
  return query.isError ? 'unknown' : 'loading';
}
