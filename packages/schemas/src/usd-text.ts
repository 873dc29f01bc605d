/**
 * Prices as a person types them into a filter, zod-free so the web app's filter panel checks
 * them with the very rule the API applies (catalogue-query.ts).
 */

/** Far above any real price, and far inside bigint once in micro-units. */
export const MAX_USD = 1_000_000_000n;

/** US dollars as typed by a person ("25", "19.99", "$1,500") → micro-units; '' → no bound. */
export function parseUsdToMicro(raw: string): bigint | 'negative' | 'invalid' | 'too-precise' | 'too-large' {
  const s = raw.replace(/^\$\s*/, '');
  if (/^-/.test(s) && /\d/.test(s)) return 'negative';
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/.exec(s) ?? /^()\.(\d+)$/.exec(s);
  if (!m) return 'invalid';
  const whole = (m[1] ?? '').replace(/,/g, '') || '0';
  const frac = m[2] ?? '';
  if (frac.length > 6) return 'too-precise';
  if (BigInt(whole) > MAX_USD) return 'too-large';
  return BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
}
