import type { MyAssetsResponse } from '@starport/schemas';
import { isConverting } from './labels.ts';

/**
 * While a ship on the page is being converted (its fee awaited, or its mint under way), the list
 * is read again with a growing pause: 2 s, then ×1.5 up to 15 s (owned-assets.md §4.2, §9: the
 * list refreshes after the mint). A settled page is not asked again.
 */
export function convertingPollDelay(page: MyAssetsResponse | undefined, asked: number): number | false {
  if (!page?.data.some((asset) => asset.kind === 'ship' && isConverting(asset))) return false;
  return Math.min(2_000 * 1.5 ** Math.max(0, asked - 1), 15_000);
}
