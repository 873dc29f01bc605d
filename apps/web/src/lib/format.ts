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
