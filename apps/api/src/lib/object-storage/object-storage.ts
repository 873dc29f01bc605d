/**
 * Where uploaded and generated files live (docs/decisions/0040): files under DATA_DIR by default,
 * an S3-compatible bucket when S3_* is set. Keys are our own names (`avatar-uploads/<hex>`,
 * `avatars/<hash>-300.webp`), never a name a player chose.
 */
export interface ObjectStorage {
  readonly kind: 'file' | 's3';
  /** A URL the browser PUTs the object's bytes to, valid until `expiresAt`. */
  uploadUrl(key: string, expiresAt: Date): Promise<string>;
  /** The object's bytes; null when there is none, 'too-large' when it is over `maxBytes`. */
  read(key: string, maxBytes: number): Promise<Buffer | null | 'too-large'>;
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

/** Our keys only: lower-case letters, digits, dashes, dots, one level of folder; no `..`. */
const KEY = /^[a-z0-9-]+\/[a-z0-9-]+(\.[a-z0-9]+)?$/;

export function assertKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not an object key: ${key}`);
  return key;
}
