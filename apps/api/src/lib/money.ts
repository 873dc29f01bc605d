/**
 * Money is integer micro-units (6 decimals) in the database and in every `*_micro` field.
 * Raw queries select bigint columns as text, so amounts never pass through a float on the
 * way in; the legacy USD numbers (`price`, `sell_price`) are derived here at the edge.
 */
export type Micro = string;

/** A bigint column as it leaves the drivers: pg gives strings, PGlite may give numbers. */
export function toMicro(value: string | number | bigint): Micro {
  const s = typeof value === 'string' ? value : BigInt(value).toString();
  if (!/^\d+$/.test(s)) throw new Error(`not a micro-unit amount: ${s}`);
  return s;
}

/** Micro-units → USD for the spec's legacy number fields (exact for any cent amount). */
export function microToUsd(micro: Micro): number {
  const n = BigInt(micro);
  return Number(n / 1_000_000n) + Number(n % 1_000_000n) / 1e6;
}

/** PostgreSQL's text of a UTC timestamptz, "2026-05-18 09:12:33.123456+00" (DateStyle ISO). */
const PG_UTC = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * Timestamps from either driver (Date or text) as ISO 8601 with milliseconds. The common
 * case, UTC text from the database, is rewritten without a Date (a list page has dozens);
 * anything else goes through Date.
 */
export function iso(value: Date | string): string {
  if (typeof value === 'string') {
    const m = PG_UTC.exec(value);
    if (m) return `${m[1]}T${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  }
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
