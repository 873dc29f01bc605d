import type { Redemption } from '@starport/schemas';
import { paths } from '../../../config/paths.ts';

/** Where a redemption's grant now shows: the ship (or the ships its boxes gave) in My Assets, or the DNC balance. */
export function grantLink(r: Pick<Redemption, 'kind' | 'box'>): { href: string; text: string } {
  if (r.kind === 'ship') return { href: paths.myAssetsSpaceships.getHref(), text: 'See your ship in My Assets' };
  if (r.kind === 'blindbox')
    return { href: paths.myAssetsSpaceships.getHref(), text: (r.box?.count ?? 1) > 1 ? 'See your ships in My Assets' : 'See your ship in My Assets' };
  return { href: paths.myAssetsDncListing.getHref(), text: 'See your DNC balance' };
}

export const redeemedOn = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
