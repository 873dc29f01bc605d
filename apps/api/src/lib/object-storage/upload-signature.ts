import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The embedded storage's upload URLs are signed by the server itself: an HMAC over the key and
 * the expiry. The key is derived from the JWT secret (itself generated and shared by every copy,
 * docs/decisions/0032) under a label of its own, so an upload signature is never a valid
 * token signature or the reverse.
 */
export function uploadSigningKey(jwtSecret: Uint8Array): Buffer {
  return createHmac('sha256', jwtSecret).update('starport/avatar-upload-url/v1').digest();
}

export function signUpload(signingKey: Buffer, key: string, expiresAtSeconds: number): string {
  return createHmac('sha256', signingKey).update(`${key}\n${expiresAtSeconds}`).digest('base64url');
}

export function uploadSignatureValid(signingKey: Buffer, key: string, expiresAtSeconds: number, signature: string): boolean {
  const expected = Buffer.from(signUpload(signingKey, key, expiresAtSeconds));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
