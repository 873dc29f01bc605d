import { createHash, randomInt } from 'node:crypto';
import { normaliseRedeemCode } from '@starport/schemas';

/**
 * How a code is kept (docs/decisions/0038-redeem-codes.md): the SHA-256 of its normal form,
 * so "  welcome-2026 " and "WELCOME-2026" are one code and the table never holds a usable one.
 */
export const codeHash = (code: string): string => createHash('sha256').update(normaliseRedeemCode(code)).digest('hex');

/** The first characters, enough for a player or an operator to recognise a code, too few to use it. */
export const codeHint = (code: string): string => `${normaliseRedeemCode(code).slice(0, 4)}…`;

/** No 0/O or 1/I/L: codes are read off a screen or paper and typed. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A fresh code, XXXX-XXXX-XXXX: 60 bits, too many to guess within the rate limit. */
export function generateCode(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}
