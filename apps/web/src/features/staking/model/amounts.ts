/**
 * Token amounts arrive as base-unit decimal strings (18 decimals). They are shown divided by
 * 10^decimals with 4 decimals (spec §9: rewards to 3 or 4 decimals), grouped as the rest of
 * the app groups numbers; bigint keeps every digit, a float would not.
 */
const grouping = new Intl.NumberFormat('en-US');

export function formatTokenAmount(base: string | bigint, decimals = 18, places = 4): string {
  const value = typeof base === 'bigint' ? base : BigInt(base);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const step = 10n ** BigInt(Math.max(0, decimals - places));
  // Rounded half up to the shown places.
  const rounded = decimals > places ? (abs + step / 2n) / step : abs * 10n ** BigInt(places - decimals);
  const placesScale = 10n ** BigInt(places);
  const whole = rounded / placesScale;
  const fraction = (rounded % placesScale).toString().padStart(places, '0');
  const text = `${grouping.format(whole)}${places > 0 ? `.${fraction}` : ''}`;
  return negative ? `-${text}` : text;
}

/** "26.00" → "26.00%": the API already rounds rates to two decimals. */
export const formatRate = (rate: string | null): string => (rate === null ? '—' : `${rate}%`);

/** apr_bps / 100 (spec §9), two decimals. */
export const aprPercentOf = (aprBps: number): string => (aprBps / 100).toFixed(2);

/**
 * The calculator's what-if: `units` of a type priced `unitPrice` (base units) staked for `days`
 * at `aprBps`. The contract accrues value × apr × time / (10 000 × year), so this is the same sum.
 */
export function projectedReward(unitPrice: string, units: number, days: number, aprBps: number): bigint {
  if (!(units > 0) || !(days > 0)) return 0n;
  const value = BigInt(unitPrice) * BigInt(Math.floor(units));
  const seconds = BigInt(Math.floor(days * 86_400));
  return (value * BigInt(aprBps) * seconds) / (10_000n * 365n * 86_400n);
}
