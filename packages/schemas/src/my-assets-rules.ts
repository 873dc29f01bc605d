import { MAX_USD, parseUsdToMicro } from './usd-text.ts';

/**
 * The rules of selling to other players (owned-assets.md §5, §9), zod-free so the web app's
 * listing dialogs preview and check with the very figures and sentences the API applies
 * (my-assets.ts builds its schemas on them).
 */

/** The marketplace's fee on a player's sale: 5 % (owned-assets.md §9), in basis points. */
export const LISTING_FEE_BPS = 500;
/** A player's listing costs at least this (USD): card providers refuse smaller charges. */
export const MIN_LISTING_PRICE_USD = 1;
/** The expiry choices the listing dialog offers, in days; the API takes any whole 1..90, or none. */
export const LISTING_EXPIRY_CHOICES = [1, 3, 7, 30] as const;
export const MAX_LISTING_EXPIRY_DAYS = 90;
/** My Assets pages hold 20 (owned-assets.md §9). */
export const MY_ASSETS_PAGE_SIZE = 20;
export const MAX_DNC_LISTING = 1_000_000_000;

/**
 * The fee and what the seller receives for a sale at `priceMicro`: the fee is 5 % rounded to
 * the nearest micro-unit (half up), the seller gets the rest. The listing dialog previews these
 * very figures, and the server credits them.
 */
export function listingProceeds(priceMicro: bigint): { feeMicro: bigint; netMicro: bigint } {
  const feeMicro = (priceMicro * BigInt(LISTING_FEE_BPS) + 5_000n) / 10_000n;
  return { feeMicro, netMicro: priceMicro - feeMicro };
}

export const NO_LISTING_PRICE_MSG = 'Enter a price in US dollars, like 25 or 19.99.';

/** A listing price as a player types it ("25", "19.99", "$1,500") → micro-units, or the sentence saying why not. */
export function readListingPrice(raw: string): bigint | { message: string } {
  const micro = parseUsdToMicro(raw.trim());
  const messages = {
    negative: 'The price cannot be negative.',
    invalid: NO_LISTING_PRICE_MSG,
    'too-precise': 'The price has more than 6 decimals.',
    'too-large': `The price is too large (at most ${MAX_USD} US dollars).`,
  } as const;
  if (typeof micro !== 'bigint') return { message: messages[micro] };
  if (micro === 0n) return { message: 'The price cannot be 0.' };
  if (micro < BigInt(MIN_LISTING_PRICE_USD) * 1_000_000n)
    return { message: `The price must be at least $${MIN_LISTING_PRICE_USD}.` };
  return micro;
}
