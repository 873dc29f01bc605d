import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, queryRows, type Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { startRuntime, type Runtime } from '../runtime.ts';
import { resolveGeneratedSecrets } from './generated-secrets.ts';

/**
 * Copies of the API behind one address, each with its own DATA_DIR, on one PostgreSQL database
 * (issue 13, item 4): built through the real path, loadConfig → startRuntime.
 */
const dirs: string[] = [];
const runtimes: Runtime[] = [];
const databases: Database[] = [];
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((r) => r.close()));
  await Promise.all(databases.splice(0).map((d) => d.close()));
});
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const JWT_A = 'configured-jwt-secret-aaaaaaaaaaaaaaaaaaaaaaa';
const JWT_B = 'configured-jwt-secret-bbbbbbbbbbbbbbbbbbbbbbb';

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'starport-secrets-'));
  dirs.push(dir);
  return dir;
}

async function sharedDatabase(): Promise<string> {
  const database = await createTestDatabase('postgres');
  databases.push(database);
  return database.url!;
}

function copyConfig(databaseUrl: string | undefined, dir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dir,
    PUBLIC_URL: 'https://starport.test',
    SERVE_WEB: '0',
    RUN_WORKERS: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
}

/** A copy as `npm start` builds it; what it logs at warn level about secrets is kept. */
async function startCopy(databaseUrl: string, dir = dataDir(), env: Record<string, string> = {}) {
  const warnings: string[] = [];
  const stream = {
    write(line: string) {
      const { msg } = JSON.parse(line) as { msg: string };
      // Other warnings (no payment chain in these tests, say) are not this test's business.
      if (/secret/i.test(msg)) warnings.push(msg);
    },
  };
  const runtime = await startRuntime(copyConfig(databaseUrl, dir, env), { logger: { level: 'warn', stream } });
  runtimes.push(runtime);
  return { ...runtime, dir, warnings };
}

const secretsOf = (config: Config) => ({
  jwt: Buffer.from(config.jwtAccessSecret).toString(),
  card: config.card.provider === 'sandbox' ? config.card.webhookSecret : null,
  widgetKey: config.widget.provider === 'sandbox' ? config.widget.privateKey : null,
  widgetWebhook: config.widget.provider === 'sandbox' ? config.widget.webhookSecret : null,
});

describe('generated secrets on one PostgreSQL database', () => {
  it('two copies with their own DATA_DIR use the same secrets and accept each other’s sessions', async () => {
    const url = await sharedDatabase();
    const a = await startCopy(url);
    const b = await startCopy(url);
    const secrets = secretsOf(a.config);
    expect(secrets.jwt.length).toBeGreaterThan(32);
    expect(secrets.card).toMatch(/^whsec_.{32,}$/);
    expect(secrets.widgetKey).toMatch(/^[0-9a-f]{64}$/);
    expect(secrets.widgetWebhook!.length).toBeGreaterThan(24);
    expect(secretsOf(b.config)).toEqual(secrets);
    // Nothing was written to the copies' DATA_DIRs: the database is where they live now.
    expect(existsSync(path.join(a.dir, 'secrets'))).toBe(false);
    expect(a.warnings).toEqual([]);
    expect(b.warnings).toEqual([]);

    await a.database.db.insert(users).values({
      username: 'roamer',
      email: 'roamer@example.com',
      passwordHash: await hashPassword('roamer-password-1'),
      emailVerifiedAt: new Date(),
    });
    const login = await a.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'roamer@example.com', password: 'roamer-password-1', remember: true },
    });
    expect(login.statusCode).toBe(200);
    const { access_token } = login.json() as { access_token: string };
    // The next request lands on the other copy behind the proxy.
    const profile = await b.app.inject({
      method: 'GET',
      url: '/api/account/profile',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ user: { username: 'roamer' } });
  });

  it('copies starting at once agree on every secret', async () => {
    const url = await sharedDatabase();
    const copies = await Promise.all([startCopy(url), startCopy(url), startCopy(url)]);
    const [first, ...others] = copies.map((c) => secretsOf(c.config));
    for (const other of others) expect(other).toEqual(first);
    for (const copy of copies) expect(copy.warnings).toEqual([]);

    // Past the migrations (which copies take in turn), the inserts themselves race.
    const fresh = await sharedDatabase();
    await (await openDatabase({ url: fresh })).close();
    const pools = await Promise.all([1, 2, 3, 4, 5, 6].map(() => openDatabase({ url: fresh })));
    try {
      const resolved = await Promise.all(
        pools.map((pool) => resolveGeneratedSecrets(copyConfig(fresh, dataDir()), pool)),
      );
      const values = resolved.map((r) => secretsOf(r.config));
      for (const value of values.slice(1)) expect(value).toEqual(values[0]);
      expect(resolved.flatMap((r) => r.warnings)).toEqual([]);
    } finally {
      await Promise.all(pools.map((pool) => pool.close()));
    }
  });

  it('carries an existing DATA_DIR secret into the database; a copy whose file differs uses the database’s and says so', async () => {
    const url = await sharedDatabase();
    const older = dataDir();
    mkdirSync(path.join(older, 'secrets'));
    const kept = 'kept-from-before-kept-from-before-kept-from-before';
    writeFileSync(path.join(older, 'secrets', 'jwt-access'), kept);
    const a = await startCopy(url, older);
    expect(secretsOf(a.config).jwt).toBe(kept);
    const rows = await queryRows<{ value: string }>(
      a.database.db,
      sql`SELECT value FROM generated_secrets WHERE name = 'jwt-access'`,
    );
    expect(rows).toEqual([{ value: kept }]);

    const other = dataDir();
    mkdirSync(path.join(other, 'secrets'));
    writeFileSync(path.join(other, 'secrets', 'jwt-access'), 'a-different-secret-a-different-secret-0123');
    const b = await startCopy(url, other);
    expect(secretsOf(b.config).jwt).toBe(kept);
    expect(b.warnings).toEqual([
      `${path.join(other, 'secrets', 'jwt-access')} differs from the generated secret jwt-access this database keeps: ` +
        "this copy uses the database's, as every copy of this database does.",
    ]);
  });

  it('a copy that starts with another JWT_ACCESS_SECRET says sessions will be refused', async () => {
    const url = await sharedDatabase();
    const a = await startCopy(url, dataDir(), { JWT_ACCESS_SECRET: JWT_A });
    const same = await startCopy(url, dataDir(), { JWT_ACCESS_SECRET: JWT_A });
    expect([...a.warnings, ...same.warnings]).toEqual([]);
    const refused =
      ": sessions signed by the other copies will be refused here, and this copy's by them. Set the same JWT_ACCESS_SECRET in every copy.";

    const b = await startCopy(url, dataDir(), { JWT_ACCESS_SECRET: JWT_B });
    expect(b.warnings).toEqual([
      `JWT_ACCESS_SECRET differs from the JWT key of the last copy started on this database${refused}`,
    ]);
    // The fingerprint is a hash: the secret itself is never stored.
    const stored = await queryRows<{ sha256: string }>(b.database.db, sql`SELECT sha256 FROM secret_fingerprints`);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(JWT_B);

    const unset = await startCopy(url);
    expect(unset.warnings).toEqual([
      `JWT_ACCESS_SECRET is not set here, while the last copy started on this database set one${refused}`,
    ]);
    // A copy with a JWT_ACCESS_SECRET of its own never takes the generated one.
    expect(secretsOf(b.config).jwt).toBe(JWT_B);
  });
});

describe('generated secrets without a shared database', () => {
  it('the embedded database keeps them in DATA_DIR/secrets, read when the configuration loads', async () => {
    const dir = dataDir();
    const config = copyConfig(undefined, dir);
    expect(config.pendingSecrets).toEqual([]);
    expect(existsSync(path.join(dir, 'secrets', 'jwt-access'))).toBe(true);
    expect(secretsOf(copyConfig(undefined, dir))).toEqual(secretsOf(config));
  });

  it('with DATABASE_URL the configuration waits for them, and an app is never built on placeholders', async () => {
    const dir = dataDir();
    const config = copyConfig('postgres://nobody@127.0.0.1:1/none', dir, {
      JWT_ACCESS_SECRET: JWT_A,
      WIDGET_PROVIDER: 'off',
    });
    expect(config.pendingSecrets).toEqual(['sandbox-stripe-webhook']);
    expect(existsSync(path.join(dir, 'secrets'))).toBe(false);
    const { buildApp } = await import('../app.ts');
    const { memoryRateLimiter } = await import('../lib/rate-limiter.ts');
    const { outboxTransport } = await import('../mail/transport.ts');
    const database = await openDatabase({ dataDir: null });
    databases.push(database);
    await expect(
      buildApp({ config, database, limiter: memoryRateLimiter(), mail: outboxTransport(), logger: false }),
    ).rejects.toThrow('buildApp needs the generated secrets (sandbox-stripe-webhook)');
  });
});
