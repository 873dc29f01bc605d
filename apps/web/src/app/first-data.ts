import type { QueryClient } from '@tanstack/react-query';
import type { MarketplaceFindResponse } from '@starport/schemas';
import { readListFilters, toListQuery } from '../lib/list-filters.ts';
import { MARKET_PAGE_SIZE, marketplaceKeys } from '../lib/marketplace-keys.ts';

/**
 * Answers the server read for a page it rendered at request time (decision 0080), written into
 * the page as JSON so the app's first render draws what the HTML shows: `/market`'s first list
 * call, read at `at` (the server's clock, ms).
 */
export type FirstData = { at: number; market?: MarketplaceFindResponse };

/** The id of the page's `<script type="application/json">` that holds them (no script runs: CSP). */
export const FIRST_DATA_ID = 'starport-first-data';

const unfiltered = readListFilters(new URLSearchParams());

/** The list call `/market` makes first, with no filters in the address: the one the server answers in the page. */
export const MARKET_FIRST_CALL = `/api/marketplace/find?${new URLSearchParams(
  Object.entries(toListQuery(unfiltered, MARKET_PAGE_SIZE)).flatMap(([key, value]) =>
    value === undefined ? [] : [[key, String(value)]],
  ),
)}`;

/**
 * Puts the answers into the app's cache under the keys its pages ask with. They are marked stale:
 * the page shows them at once and asks again once it runs, since the server may have kept the
 * answer a few seconds (a listing made just before must still show up).
 */
export function seedFirstData(client: QueryClient, data: FirstData | undefined): QueryClient {
  if (data?.market) {
    const key = marketplaceKeys.find(unfiltered);
    client.setQueryData(key, data.market, { updatedAt: Math.min(data.at, Date.now()) });
    void client.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
  }
  return client;
}

/** The page's first data, if the server wrote any; anything unreadable is ignored (the app asks itself). */
export function readFirstData(doc: Document): FirstData | undefined {
  const text = doc.getElementById(FIRST_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as FirstData;
    return typeof data === 'object' && data !== null && typeof data.at === 'number' ? data : undefined;
  } catch {
    return undefined;
  }
}
