import { randomBytes } from 'node:crypto';
import { getAddress, type Address } from 'viem';
import { createSiweMessage, parseSiweMessage, validateSiweMessage, type SiweMessage } from 'viem/siwe';

/**
 * Sign-In with Ethereum (EIP-4361) messages: the server writes every message it asks a wallet to
 * sign, and checks every message it is sent back against what it would have written
 * (docs/decisions/0020).
 */

/** How long a nonce, and the message that carries it, can be used. */
export const SIWE_TTL_MS = 10 * 60 * 1000;
/** Several API copies each read their own clock: a message "issued" this far ahead is still fine. */
export const CLOCK_LEEWAY_MS = 30 * 1000;
export const NONCE_LENGTH = 24;

export const STATEMENTS = {
  sign_in: 'Sign in to Starport.',
  link: 'Link this wallet to your Starport account.',
} as const;
export type NoncePurpose = keyof typeof STATEMENTS;

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 24 letters and digits (~143 bits). EIP-4361 nonces must be alphanumeric, at least 8 long. */
export function newNonce(length = NONCE_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      // 248 = 4 × 62: larger bytes are dropped so that every character is equally likely.
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % ALPHANUMERIC.length];
    }
  }
  return out;
}

/** Where messages say they come from: the public address of the site, never a request header. */
export type SiweSite = { domain: string; uri: string; origin: string; scheme: string };

export function siweSite(publicUrl: string): SiweSite {
  const url = new URL(publicUrl);
  return { domain: url.host, uri: publicUrl, origin: url.origin, scheme: url.protocol.replace(/:$/, '') };
}

export function buildSiweMessage(p: {
  site: SiweSite;
  address: string;
  chainId: number;
  nonce: string;
  purpose: NoncePurpose;
  issuedAt: Date;
  expiresAt: Date;
}): string {
  return createSiweMessage({
    domain: p.site.domain,
    address: getAddress(p.address),
    statement: STATEMENTS[p.purpose],
    uri: p.site.uri,
    version: '1',
    chainId: p.chainId,
    nonce: p.nonce,
    issuedAt: p.issuedAt,
    expirationTime: p.expiresAt,
  });
}

export type SiweProblem = 'malformed' | 'address' | 'domain' | 'uri' | 'chain' | 'future' | 'expired' | 'invalid';
export type SiweCheck = { ok: true; nonce: string; chainId: number } | { ok: false; problem: SiweProblem };

/**
 * Checks a message against this site, this wallet and this chain, at `now`. The nonce itself
 * (issued to whom, for what, used or not) is the caller's to check against the database.
 */
export function checkSiweMessage(text: string, expect: { site: SiweSite; wallet: string; chainId: number; now: Date }): SiweCheck {
  const fail = (problem: SiweProblem): SiweCheck => ({ ok: false, problem });
  const m = parseSiweMessage(text);
  if (!m.address || !m.domain || !m.uri || !m.nonce || m.chainId === undefined || m.version !== '1' || !m.issuedAt) {
    return fail('malformed');
  }
  if ([m.issuedAt, m.expirationTime, m.notBefore].some((d) => d && Number.isNaN(d.getTime()))) return fail('malformed');
  // Only the canonical text of its own fields: nothing tucked around or between them, no field twice.
  if (!isCanonical(text, m as SiweMessage)) return fail('malformed');
  if (m.address.toLowerCase() !== expect.wallet.toLowerCase()) return fail('address');
  if (m.domain !== expect.site.domain) return fail('domain');
  // The scheme is optional (EIP-4361 then means https); when present it must be ours.
  if (m.scheme !== undefined && m.scheme !== expect.site.scheme) return fail('domain');
  if (originOf(m.uri) !== expect.site.origin) return fail('uri');
  if (m.chainId !== expect.chainId) return fail('chain');
  if (m.issuedAt.getTime() > expect.now.getTime() + CLOCK_LEEWAY_MS) return fail('future');
  if (m.expirationTime && !(m.expirationTime.getTime() > expect.now.getTime())) return fail('expired');
  // viem's own rules on top: version, nonce format, not-before, valid dates, the address again.
  const valid = validateSiweMessage({ message: m, address: getAddress(expect.wallet) as Address, domain: expect.site.domain, time: expect.now });
  if (!valid) return fail('invalid');
  return { ok: true, nonce: m.nonce, chainId: m.chainId };
}

function isCanonical(text: string, fields: SiweMessage): boolean {
  try {
    return createSiweMessage(fields) === text;
  } catch {
    return false;
  }
}

function originOf(uri: string): string | null {
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}
