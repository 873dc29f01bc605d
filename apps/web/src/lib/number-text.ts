/**
 * en-US numbers as `new Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits })`
 * writes them, without Intl: a page's first Intl formatter costs ICU's set-up (~40 ms, ~160 ms at
 * Lighthouse's 4× slowdown, decision 0069), paid on the first pages when their data arrives, in
 * the blocking time (decision 0073). number-text.test.ts checks the output against Intl's.
 *
 * Like ICU, it rounds the shortest decimal that reads back as the number (what `String(n)`
 * writes: 1.005 is "1.005", not 1.00499…), half away from zero, so 1.005 → "1.01" as in Intl
 * (where `toFixed(2)` gives "1.00").
 */
export function formatDecimal(value: number, minimumFractionDigits: number, maximumFractionDigits: number): string {
  if (Number.isNaN(value)) return 'NaN';
  const negative = value < 0 || Object.is(value, -0);
  if (!Number.isFinite(value)) return negative ? '-∞' : '∞';
  const [mantissa = '0', exponent] = String(Math.abs(value)).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const digits = whole + fraction;
  // The decimal point sits after `point` digits of `digits` (before them when negative).
  const point = whole.length + (exponent ? Number(exponent) : 0);
  const keep = point + maximumFractionDigits;
  let kept = 0n;
  if (keep >= 0) {
    const padded = digits.padEnd(keep + 1, '0');
    kept = BigInt(padded.slice(0, keep) || '0');
    if (padded.charCodeAt(keep) >= 53 /* '5' */) kept += 1n;
  }
  const text = kept.toString().padStart(maximumFractionDigits + 1, '0');
  const intPart = text.slice(0, text.length - maximumFractionDigits);
  let fracPart = text.slice(text.length - maximumFractionDigits);
  while (fracPart.length > minimumFractionDigits && fracPart.endsWith('0')) fracPart = fracPart.slice(0, -1);
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fracPart ? `.${fracPart}` : ''}`;
}

/** `new Intl.NumberFormat('en-US').format(value)`: grouping, at most 3 decimals. */
export const formatCount = (value: number): string => formatDecimal(value, 0, 3);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A day as `Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric',
 * timeZone: 'UTC' })` writes it, "Nov 22, 2026", for years 1 to 9999; an invalid date throws
 * the RangeError Intl throws.
 */
export function formatUtcDay(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
