/**
 * Order totals are integer micro-USD (6 decimals); a token counts in its own base units. A USD
 * stablecoin is one dollar a token, so the amounts differ only by the power of ten between
 * the token's decimals and 6 (USDC has 6: the same number).
 */
const MICRO_DECIMALS = 6;
const pow10 = (n: number) => 10n ** BigInt(n);

/** What to ask for an order total, in the token's base units; rounded up, never short. */
export function baseUnitsOf(totalMicro: bigint, decimals: number): bigint {
  if (decimals >= MICRO_DECIMALS) return totalMicro * pow10(decimals - MICRO_DECIMALS);
  const unit = pow10(MICRO_DECIMALS - decimals);
  return (totalMicro + unit - 1n) / unit;
}

/**
 * Base units back in micro-USD, rounded toward the side that keeps a difference visible:
 * down for a short payment, up for an overpayment, so neither ever equals the total.
 */
export function microOf(base: bigint, decimals: number, rounding: 'down' | 'up'): bigint {
  if (decimals <= MICRO_DECIMALS) return base * pow10(MICRO_DECIMALS - decimals);
  const unit = pow10(decimals - MICRO_DECIMALS);
  return rounding === 'down' ? base / unit : (base + unit - 1n) / unit;
}

/** "237.500000": whole tokens with every decimal, as a wallet shows an exact amount. */
export function formatTokenAmount(base: bigint, decimals: number): string {
  if (decimals === 0) return base.toString();
  const digits = base.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}
