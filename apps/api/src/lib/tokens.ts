import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, type JWTPayload } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'starport';
const AUDIENCE = 'starport-api';
const ACCESS_TYPE = 'access';

/** 32 random bytes, URL-safe: activation and reset keys, refresh tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Keys and refresh tokens are stored only as this digest. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export type AccessClaims = { userId: string; sessionId: string };

export async function signAccessToken(secret: Uint8Array, claims: AccessClaims, now = new Date()): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ sid: claims.sessionId, typ: ACCESS_TYPE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(secret);
}

export type AccessCheck = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/**
 * Only HS256 is accepted (so `none` and swapped algorithms fail); issuer, audience, expiry and
 * the token type are all checked. The signature is checked with node:crypto's HMAC (jose signs):
 * through WebCrypto, which jose's verify uses, the check cost a tenth of a buy's CPU in a drop
 * (decision 0062). The order is jose's: the signature first, so an expired token is reported as
 * expired only when it is genuine.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessCheck> {
  const payload = signedPayload(secret, token);
  if (!payload) return { ok: false, expired: false };
  const now = Date.now() / 1000;
  const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (
    payload.iss !== ISSUER ||
    !audience.includes(AUDIENCE) ||
    typeof payload.exp !== 'number' ||
    (payload.nbf !== undefined && !(typeof payload.nbf === 'number' && payload.nbf <= now)) ||
    payload.typ !== ACCESS_TYPE ||
    typeof payload.sid !== 'string' ||
    typeof payload.sub !== 'string'
  ) {
    return { ok: false, expired: false };
  }
  if (payload.exp <= Math.floor(now)) return { ok: false, expired: true };
  return { ok: true, claims: { userId: payload.sub, sessionId: payload.sid } };
}

/** The claims of a compact JWS signed with HS256 under `secret`, or null for anything else. */
function signedPayload(secret: Uint8Array, token: string): JWTPayload | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const protectedHeader = jsonPart(header);
  // crit names extensions this check does not implement: refuse it, as jose would.
  if (!protectedHeader || protectedHeader.alg !== 'HS256' || protectedHeader.crit !== undefined) return null;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  // Buffer decodes base64url leniently: the text must be exactly the signature's encoding.
  if (given.length !== expected.length || given.toString('base64url') !== signature || !timingSafeEqual(given, expected))
    return null;
  return jsonPart(payload);
}

/**
 * A base64url JSON object part of a token, or null. Lenient decoding is harmless here: the
 * header is only trusted for its alg, and the payload is read after the HMAC over its exact text.
 */
function jsonPart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
