import { randomBytes } from 'node:crypto';

/** Crockford base 32: no I, L, O, U, so a code read aloud or retyped is not misread. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * A new public order code: 'SP-' and 10 random characters (50 bits). Random rather than a
 * sequence so that codes reveal nothing about sales volume and cannot be walked; a
 * collision (about one in 10¹⁵ per pair) fails on the unique index instead of mixing orders.
 */
export function newOrderCode(): string {
  const bytes = randomBytes(10);
  let code = '';
  for (const b of bytes) code += ALPHABET[b & 31];
  return `SP-${code}`;
}
