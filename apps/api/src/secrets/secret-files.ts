import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The secrets Starport generates when nothing configures them (config.ts says which it needs). */
export const GENERATED_SECRET_NAMES = [
  'jwt-access',
  'sandbox-stripe-webhook',
  'sandbox-wert-key',
  'sandbox-wert-webhook',
] as const;
export type GeneratedSecretName = (typeof GENERATED_SECRET_NAMES)[number];

export const newSecret = (): string => randomBytes(48).toString('base64url');

export const secretFile = (dataDir: string, name: GeneratedSecretName): string => path.join(dataDir, 'secrets', name);

/** The secret kept in DATA_DIR/secrets, or undefined when there is none. */
export function readSecretFile(dataDir: string, name: GeneratedSecretName): string | undefined {
  const file = secretFile(dataDir, name);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
}

/**
 * The embedded database's secret: generated on first start and kept in DATA_DIR, so sessions
 * survive restarts without anyone having to configure one. (On PostgreSQL the database keeps
 * them instead, for every copy: generated-secrets.ts.)
 */
export function keptSecret(dataDir: string, name: GeneratedSecretName): string {
  const kept = readSecretFile(dataDir, name);
  if (kept) return kept;
  const file = secretFile(dataDir, name);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = newSecret();
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process (a test worker, a second copy) wrote it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw err;
  }
  return secret;
}
