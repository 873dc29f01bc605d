import type { ListFilters } from './list-filters.ts';

/**
 * Listings on one marketplace page. Here, not in the marketplace's area, because the server's
 * render of `/market` names the page's first call (app/first-data.ts, in the entry, which must
 * not pull the area's code in).
 */
export const MARKET_PAGE_SIZE = 20;

/**
 * The marketplace's cache keys. The marketplace pages, the landing's counters (site), the sold
 * lists (this layer) and checkout (which refreshes them after a listing is bought or found
 * taken) all cache under one root, and areas do not import each other, so the keys sit here.
 * Every client builds its key from these; nothing writes one by hand.
 */
export const marketplaceKeys = {
  all: ['marketplace'] as const,
  find: (filters: ListFilters) => [...marketplaceKeys.all, 'find', filters] as const,
  shipsTotal: () => [...marketplaceKeys.all, 'find', 'ships-total'] as const,
  featuredShip: () => [...marketplaceKeys.all, 'find', 'featured-ship'] as const,
  item: (id: string) => [...marketplaceKeys.all, 'item', id] as const,
  totalDeposit: () => [...marketplaceKeys.all, 'totalDeposit'] as const,
  sold: (list: string, limit: number) => [...marketplaceKeys.all, 'sold', list, limit] as const,
};
