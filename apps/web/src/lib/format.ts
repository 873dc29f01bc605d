import { formatDecimal } from './number-text.ts';
import { once } from './once.ts';

/**
 * Shortens a wallet address to its first and last characters: 0x12a…cdef0 style.
 * The header shows the first 5 and last 5 (spec §2); short strings are returned unchanged.
 */
export function shortenAddress(address: string, head = 5, tail = 5): string {
  const value = address.trim();
  if (value.length <= head + tail + 1) return value;
  return `${value.slice(0, head)}…${value.slice(-tail)}`;
}

/** Land credit balance as shown in the profile menu. */
export const formatCredit = (amount: number): string => formatDecimal(amount, 0, 2);

/**
 * How a fiat price is written, the one place (docs/decisions/0028-one-word-for-money.md):
 * every price is US dollars, written "$" before the amount and never with a word after it
 * ("USD", "USDT", "USDC"). USDC is named only for on-chain amounts (a crypto payment, a
 * contract figure), which the server words itself.
 * - `detail` (the default): 3 decimals, as the spec rounds prices outside cards (§9): "$249.990".
 * - `whole`: whole dollars, as on marketplace cards (§9) and for totals: "$1,250".
 * - `short`: cents only when there are any, for a headline price: "$250", "$249.99".
 */
export type PriceRounding = 'detail' | 'whole' | 'short';

// Intl's en-US digits without Intl's set-up (number-text.ts, decision 0073).
function digitsOf(usd: number, rounding: PriceRounding): string {
  if (rounding === 'detail') return formatDecimal(usd, 3, 3);
  if (rounding === 'whole' || Math.round(usd * 100) % 100 === 0) return formatDecimal(Math.round(usd), 0, 0);
  return formatDecimal(usd, 2, 2);
}

/** A price in US dollars: "$" and the amount. A discount puts its "−" before the "$" itself. */
export const formatPrice = (usd: number, rounding: PriceRounding = 'detail'): string => `$${digitsOf(usd, rounding)}`;

/** Card prices (spec §9): whole dollars, e.g. "$1,250". */
export const formatCardPrice = (usd: number): string => formatPrice(usd, 'whole');

/** Percentages of the blind-box odds (spec §9): 2 decimals and %. */
export const formatPercent = (value: number): string => `${value.toFixed(2)}%`;

const dateTime = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

/** A date and time in the player's own time zone, e.g. "Nov 22, 2026, 2:18 AM"; text that is no date is shown as it came. */
export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime().format(date);
};
