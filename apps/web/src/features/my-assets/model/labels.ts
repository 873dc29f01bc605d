import type { MyAsset, MyListing } from '@starport/schemas';
import { formatPrice } from '../../../lib/format.ts';

export const ELEMENT_NAMES = ['Human', 'AI', 'Alien'] as const;
export const RARITY_NAMES = ['Common', 'Rare', 'Epic', 'Legendary'] as const;

/** USD micro-units (a decimal string from the API, or a bigint) as the spec writes prices: "$1,234.500" (§9). */
export const formatMicro = (micro: string | bigint): string => formatPrice(Number(micro) / 1_000_000);

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A date and time in the player's own time zone, e.g. "Nov 22, 2026, 2:18 AM". */
export const formatWhen = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};

const dncFormat = new Intl.NumberFormat('en-US');
export const formatDnc = (amount: number): string => `${dncFormat.format(amount)} DNC`;

/** A ship on its way to becoming an NFT: its fee awaited (lock) or its payment and mint under way. */
export const isConverting = (asset: Pick<MyAsset, 'nft'>): boolean =>
  asset.nft.mint_status === 'lock' || asset.nft.mint_status === 'verify_payment';

/** A free ship never converted: the only kind "Convert to NFT" is offered on (the server refuses the rest). */
export const canConvert = (asset: Pick<MyAsset, 'kind' | 'state' | 'nft'>): boolean =>
  asset.kind === 'ship' && asset.state === 'available' && asset.nft.mint_status === null;

/**
 * What a ship card's badge says of where the copy is (null: free, no badge). A listed ship
 * cannot be flown in the game (owned-assets.md §2.2), so the badge says it is on sale.
 */

export function assetStateText(asset: Pick<MyAsset, 'state' | 'listing' | 'nft'>): string | null {
  switch (asset.state) {
    case 'available':
      return null;
    case 'listed':
      if (asset.listing?.status === 'reserved') return 'Held by a buyer';
      return asset.listing ? `Listed ${formatMicro(asset.listing.price_micro)}` : 'Listed';
    case 'penguin':
      return 'Assigned';
    case 'staked':
      return 'Staked';
    case 'minting':
      // Ship to NFT (owned-assets.md §4.2): locked until its fee is paid, then verified and minted.
      return asset.nft.mint_status === 'lock' ? 'Awaiting payment' : 'Minting…';
    case 'minted':
      return 'NFT';
  }
}

/** A listing's name as a row shows it: a DNC lot says its amount. */
export const listingTitle = (listing: Pick<MyListing, 'kind' | 'name' | 'dnc_amount'>): string =>
  listing.kind === 'dnc' && listing.dnc_amount !== null ? formatDnc(listing.dnc_amount) : listing.name;
