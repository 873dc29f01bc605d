import { formatPrice } from '../../../lib/format.ts';

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** "France (FR)"; a plot out at sea has no country. */
export function countryName(code: string | null): string {
  if (!code) return 'International waters';
  let name = code;
  try {
    name = regionNames.of(code) ?? code;
  } catch {
    // Not a region code the browser knows: the code itself says the most.
  }
  return name === code ? code : `${name} (${code})`;
}

export const formatValuation = (usd: number): string => formatPrice(usd, 'short');

/** km² with two decimals: one plot is about 0.16 km². */
export const formatArea = (km2: number): string =>
  `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(km2)} km²`;

export const plotsCount = (n: number): string => `${n} plot${n === 1 ? '' : 's'}`;

/** A plot is named by its cell id on every land page and on the map. */
export const plotName = (cellId: number): string => `Plot ${cellId}`;
