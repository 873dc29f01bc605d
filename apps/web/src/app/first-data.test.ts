import type { MarketplaceFindResponse } from '@starport/schemas';
import { afterEach, describe, expect, it } from 'vitest';
import { readListFilters } from '../lib/list-filters.ts';
import { marketplaceKeys } from '../lib/marketplace-keys.ts';
import { FIRST_DATA_ID, MARKET_FIRST_CALL, readFirstData, seedFirstData } from './first-data.ts';
import { createQueryClient } from './query-client.ts';

const LIST = { error: false, total: 1, data: [] } as unknown as MarketplaceFindResponse;
const unfilteredKey = marketplaceKeys.find(readListFilters(new URLSearchParams()));

function writeData(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_DATA_ID;
  script.textContent = text;
  document.body.append(script);
}

describe('the first data a server-rendered page carries (decision 0080)', () => {
  afterEach(() => document.getElementById(FIRST_DATA_ID)?.remove());

  it('names the call /market makes first with no filters in the address', () => {
    expect(MARKET_FIRST_CALL).toBe('/api/marketplace/find?page=1&limit=20');
  });

  it('is read from the page, and anything unreadable is ignored', () => {
    expect(readFirstData(document)).toBeUndefined();
    writeData(JSON.stringify({ at: 5, market: LIST }));
    expect(readFirstData(document)).toEqual({ at: 5, market: LIST });
    document.getElementById(FIRST_DATA_ID)?.remove();
    writeData('{"at":');
    expect(readFirstData(document)).toBeUndefined();
    document.getElementById(FIRST_DATA_ID)?.remove();
    writeData('{"market":{}}');
    expect(readFirstData(document)).toBeUndefined();
  });

  it('goes into the cache under the unfiltered marketplace key, shown at once but asked for again', () => {
    const at = Date.now() - 2_000;
    const client = seedFirstData(createQueryClient(), { at, market: LIST });
    expect(client.getQueryData(unfilteredKey)).toBe(LIST);
    const state = client.getQueryState(unfilteredKey);
    expect(state?.dataUpdatedAt).toBe(at);
    expect(state?.isInvalidated).toBe(true);
    expect(state?.fetchStatus).toBe('idle');
  });

  it('never dates the answer after this clock, and leaves the cache empty without data', () => {
    const client = seedFirstData(createQueryClient(), { at: Date.now() + 3_600_000, market: LIST });
    expect(client.getQueryState(unfilteredKey)?.dataUpdatedAt).toBeLessThanOrEqual(Date.now());
    expect(seedFirstData(createQueryClient(), undefined).getQueryCache().getAll()).toEqual([]);
    expect(seedFirstData(createQueryClient(), { at: 1 }).getQueryCache().getAll()).toEqual([]);
  });
});
