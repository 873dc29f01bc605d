import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

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
 * Only HS256 is accepted (so `none` and swapped algorithms fail); issuer, audience,
 * expiry and the token type are all checked. A token whose signature and claims were checked
 * before is only checked for expiry again (`verified`): its signature cannot have changed, and
 * checking an HMAC through WebCrypto on every request was a tenth of a buy's CPU in a drop.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessCheck> {
  const known = verified.get(secret)?.get(token);
  if (known) return known.exp > Date.now() / 1000 ? { ok: true, claims: known.claims } : { ok: false, expired: true };
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    if (payload.typ !== ACCESS_TYPE || typeof payload.sid !== 'string' || typeof payload.sub !== 'string') {
      return { ok: false, expired: false };
    }
    const claims = { userId: payload.sub, sessionId: payload.sid };
    remember(secret, token, { claims, exp: payload.exp! });
    return { ok: true, claims };
  } catch (err) {
    return { ok: false, expired: (err as { code?: string }).code === 'ERR_JWT_EXPIRED' };
  }
}

/**
 * The secret as a WebCrypto key, imported once: given raw bytes, jose imports them again on every
 * call, which cost as much as the check itself.
 */
function hmacKey(secret: Uint8Array): Promise<CryptoKey> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    hmacKeys.set(secret, key);
  }
  return key;
}
const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

type Verified = { claims: AccessClaims; exp: number };
/** Tokens whose signature and claims passed, per secret; the oldest go first past VERIFIED_MAX. */
const verified = new WeakMap<Uint8Array, Map<string, Verified>>();
const VERIFIED_MAX = 10_000;

function remember(secret: Uint8Array, token: string, entry: Verified): void {
  let tokens = verified.get(secret);
  if (!tokens) verified.set(secret, (tokens = new Map()));
  if (tokens.size >= VERIFIED_MAX) tokens.delete(tokens.keys().next().value!);
  tokens.set(token, entry);
}
