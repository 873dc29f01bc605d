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
 * expiry and the token type are all checked.
 */
export async function verifyAccessToken(secret: Uint8Array, token: string): Promise<AccessCheck> {
  try {
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    if (payload.typ !== ACCESS_TYPE || typeof payload.sid !== 'string' || typeof payload.sub !== 'string') {
      return { ok: false, expired: false };
    }
    return { ok: true, claims: { userId: payload.sub, sessionId: payload.sid } };
  } catch (err) {
    return { ok: false, expired: (err as { code?: string }).code === 'ERR_JWT_EXPIRED' };
  }
}
