import { useQuery } from '@tanstack/react-query';
import { siteSettingQueryOptions } from '../../../lib/site-setting.ts';

/**
 * Whether sales are open, for checkout: sale_program 1 means buying is open (spec §4). It reads
 * GET /site/setting through its one client, so the answer is fetched once per page whoever
 * asks first; checkout asks again after a minute rather than five.
 */
export const useSaleStatus = () => useQuery({ ...siteSettingQueryOptions(), staleTime: 60_000 });

export type SaleState = 'open' | 'closed' | 'loading' | 'unknown';

/** 'unknown' when the setting could not be read: nothing can be bought until it is. */
export function saleStateOf(query: ReturnType<typeof useSaleStatus>): SaleState {
  if (query.data) return query.data.sale_program === 1 ? 'open' : 'closed';
  return query.isError ? 'unknown' : 'loading';
}
