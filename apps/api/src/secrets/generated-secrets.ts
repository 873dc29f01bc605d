import { createHash } from 'node:crypto';
import { withGeneratedSecrets, type Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { keptSecret, newSecret, readSecretFile, secretFile, type GeneratedSecretName } from './secret-files.ts';
import { keepFirstSecret, swapFingerprint } from './shared-secrets.repo.ts';

export type SharedSecrets = {
  /** the configuration with every generated secret filled in */
  config: Config;
  /** sentences to log at start: this copy's secrets differ from what other copies use */
  warnings: string[];
};

/**
 * Right after openDatabase (runtime.ts): the generated secrets this copy uses. On PostgreSQL
 * they live in the database, so every copy behind one address signs and checks sessions and
 * sandbox payments with the same ones (docs/decisions/0032). A secret a DATA_DIR already keeps
 * is offered first, so an existing install keeps its sessions and pending sandbox payments.
 */
export async function resolveGeneratedSecrets(config: Config, database: Database): Promise<SharedSecrets> {
  if (database.kind === 'pglite') {
    // One process: DATA_DIR/secrets, as loadConfig already reads them without DATABASE_URL.
    return { config: withGeneratedSecrets(config, (name) => keptSecret(config.dataDir, name)), warnings: [] };
  }
  const warnings: string[] = [];
  const values = new Map<GeneratedSecretName, string>();
  for (const name of config.pendingSecrets) {
    const kept = readSecretFile(config.dataDir, name);
    const shared = await keepFirstSecret(database.db, name, kept ?? newSecret());
    if (kept && kept !== shared) warnings.push(fileDiffers(config.dataDir, name));
    values.set(name, shared);
  }
  const resolved = withGeneratedSecrets(config, (name) => values.get(name)!);
  const jwt = await compareJwtSecret(database, resolved.jwtAccessSecret, !config.pendingSecrets.includes('jwt-access'));
  return { config: resolved, warnings: jwt ? [...warnings, jwt] : warnings };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Sessions signed by one copy are refused by a copy with another JWT key. The database records
 * the sha256 of the key the last copy started with (configured or generated, never the key);
 * a copy starting with another one says so. Each start records its own: once the operator has
 * set a new JWT_ACCESS_SECRET everywhere, the warnings stop.
 */
async function compareJwtSecret(database: Database, key: Uint8Array, configured: boolean): Promise<string | null> {
  const fingerprint = sha256(key);
  const before = await swapFingerprint(database.db, 'jwt-access', fingerprint);
  if (before === null || before === fingerprint) return null;
  const here = configured
    ? 'JWT_ACCESS_SECRET differs from the JWT key of the last copy started on this database'
    : 'JWT_ACCESS_SECRET is not set here, while the last copy started on this database set one';
  return `${here}: sessions signed by the other copies will be refused here, and this copy's by them. Set the same JWT_ACCESS_SECRET in every copy.`;
}

/** A DATA_DIR secret from before the copies shared one: the database's wins, for every copy alike. */
function fileDiffers(dataDir: string, name: GeneratedSecretName): string {
  return `${secretFile(dataDir, name)} differs from the generated secret ${name} this database keeps: this copy uses the database's, as every copy of this database does.`;
}
