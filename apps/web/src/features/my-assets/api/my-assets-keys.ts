import type { ListFilters } from '../../../lib/list-filters.ts';

export type ListingsStatus = 'active' | 'sold' | 'ended';
/** Only one kind of listing (the DNC page), or both when absent. */
export type ListingsKind = 'ship' | 'dnc';

/**
 * The cache keys of My Assets. Everything sits under one root: listing, repricing or
 * cancelling changes what the player owns, their DNC, their listings and the overview's
 * counts at once, so a change invalidates `all`.
 */
export const myAssetsKeys = {
  all: ['my-assets'] as const,
  assets: (filters: ListFilters) => [...myAssetsKeys.all, 'assets', filters] as const,
  dncInfo: () => [...myAssetsKeys.all, 'dnc-info'] as const,
  listings: (status: ListingsStatus, page: number, kind?: ListingsKind) => [...myAssetsKeys.all, 'listings', status, page, kind ?? 'all'] as const,
  proceeds: (page: number) => [...myAssetsKeys.all, 'proceeds', page] as const,
};
