import type { Redemption } from '@starport/schemas';
import { paths } from '../../../config/paths.ts';

/** Where a redemption's grant now shows: the ship in My Assets, or the DNC balance. */
export function grantLink(r: Pick<Redemption, 'kind'>): { href: string; text: string } {
  return r.kind === 'ship'
    ? { href: paths.myAssetsSpaceships.getHref(), text: 'See your ship in My Assets' }
    : { href: paths.myAssetsDncListing.getHref(), text: 'See your DNC balance' };
}

export const redeemedOn = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
