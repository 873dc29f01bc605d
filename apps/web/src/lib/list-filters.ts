import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The list filters of the marketplace and the shop, as they live in the URL (spec §2). */
export type ListFilters = {
  element: string[];
  rarity: string[];
  priceFrom: string;
  priceTo: string;
  page: number;
};

const splitList = (value: string | null): string[] =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);

export function readListFilters(params: URLSearchParams): ListFilters {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    element: splitList(params.get('element')),
    rarity: splitList(params.get('rarity')),
    priceFrom: params.get('price_from') ?? '',
    priceTo: params.get('price_to') ?? '',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** Same names as the API query, so the URL can be passed on as it is; empty values are left out. */
export function writeListFilters(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.element.length) params.set('element', filters.element.join(','));
  if (filters.rarity.length) params.set('rarity', filters.rarity.join(','));
  if (filters.priceFrom.trim()) params.set('price_from', filters.priceFrom.trim());
  if (filters.priceTo.trim()) params.set('price_to', filters.priceTo.trim());
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/**
 * Filters read from and written to the URL: each change is a history entry, so back and
 * forward walk through them. A filter change starts again at page 1.
 */
export function useListFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readListFilters(params), [params]);
  const update = useCallback(
    (change: Partial<ListFilters>) => {
      const next = { ...filters, ...change };
      if (!('page' in change)) next.page = 1;
      setParams(writeListFilters(next));
    },
    [filters, setParams],
  );
  return { filters, update };
}

/** The query of a list call (`/api/marketplace/find`, `/api/shop/find`) for these filters. */
export function toListQuery(filters: ListFilters, limit: number) {
  return {
    element: filters.element.join(',') || undefined,
    rarity: filters.rarity.join(',') || undefined,
    price_from: filters.priceFrom.trim() || undefined,
    price_to: filters.priceTo.trim() || undefined,
    page: filters.page,
    limit,
  };
}
