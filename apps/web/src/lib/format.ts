/**
 * Shortens a wallet address to its first and last characters: 0x12a…cdef0 style.
 * The header shows the first 5 and last 5 (spec §2); short strings are returned unchanged.
 */
export function shortenAddress(address: string, head = 5, tail = 5): string {
  const value = address.trim();
  if (value.length <= head + tail + 1) return value;
  return `${value.slice(0, head)}…${value.slice(-tail)}`;
}

const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Land credit balance as shown in the profile menu. */
export const formatCredit = (amount: number): string => numberFormat.format(amount);

const wholeDollars = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const threeDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 3, maximumFractionDigits: 3 });

/** Card prices (spec §9): whole dollars, e.g. "1,250 USDT". */
export const formatCardPrice = (usd: number, unit = 'USDT'): string => `${wholeDollars.format(Math.round(usd))} ${unit}`;

/** Prices elsewhere (spec §9): a $ prefix and 3 decimals, e.g. "$249.990". */
export const formatPrice = (usd: number): string => `$${threeDecimals.format(usd)}`;

/** Percentages of the blind-box odds (spec §9): 2 decimals and %. */
export const formatPercent = (value: number): string => `${value.toFixed(2)}%`;
