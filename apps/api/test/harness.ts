import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { emails, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { memoryRateLimiter, type RateLimiter } from '../src/lib/rate-limiter.ts';
import { outboxTransport, type MailTransport } from '../src/mail/transport.ts';
import { createTestDatabase } from './test-database.ts';

export const TEST_PUBLIC_URL = 'https://starport.test';

export type TestAppOptions = {
  database?: Database;
  limiter?: RateLimiter;
  mail?: MailTransport;
  env?: Record<string, string>;
  postgres?: boolean;
};

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
  /** runs every due job (e-mail delivery, reset requests) */
  drainJobs(): Promise<void>;
  /** the newest e-mail to an address, after running due jobs */
  lastMail(to: string): Promise<typeof emails.$inferSelect | undefined>;
  /** the key of the newest mailed link of a page (email_active or forgot_password_update) */
  mailedKey(to: string, page: 'email_active' | 'forgot_password_update'): Promise<string>;
  createUser(u: {
    username: string;
    email?: string | null;
    password?: string;
    active?: boolean;
    wallet?: string;
  }): Promise<string>;
  login(login: string, password: string, remember?: boolean): Promise<{ access_token: string; refresh_token: string }>;
  /** A signed-in player named `name` (e-mail `{name}@example.com`, password `{name}-password-1`). */
  signUp(name: string, opts?: { wallet?: string }): Promise<TestPlayer>;
};

/** A player the tests act as: their id and an access token. */
export type TestPlayer = { id: string; token: string };

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  // The config first: a test of a refused setting gets its error before a database is made.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/starport-test-unused',
    PUBLIC_URL: TEST_PUBLIC_URL,
    JWT_ACCESS_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    SERVE_WEB: '0',
    RUN_WORKERS: '0',
    ...opts.env,
  });
  const database = opts.database ?? (await createTestDatabase(opts.postgres ? 'postgres' : 'default'));
  const limiter = opts.limiter ?? memoryRateLimiter();
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({
      config,
      database,
      limiter,
      mail: opts.mail ?? outboxTransport(),
      logger: false,
      jobs: { backoffBaseMs: 1 },
    });
    await app.ready();
  } catch (error) {
    // a test that expects the app to refuse its setup still leaves nothing behind
    if (!opts.limiter) await limiter.close();
    if (!opts.database) await database.close();
    throw error;
  }
  const { db } = database;

  const t: TestApp = {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (!opts.limiter) await limiter.close();
      if (!opts.database) await database.close();
    },
    drainJobs: () => app.jobs.drain(),
    async lastMail(to) {
      await app.jobs.drain();
      const [row] = await db.select().from(emails).where(eq(emails.to, to)).orderBy(desc(emails.createdAt)).limit(1);
      return row;
    },
    async mailedKey(to, page) {
      const mail = await t.lastMail(to);
      const match = mail && new RegExp(`${page}\\?key=([A-Za-z0-9_-]+)`).exec(mail.text);
      if (!match?.[1]) throw new Error(`no ${page} link mailed to ${to}`);
      return match[1];
    },
    async createUser(u) {
      const [row] = await db
        .insert(users)
        .values({
          username: u.username,
          email: u.email === undefined ? `${u.username}@example.com` : u.email,
          passwordHash: u.password ? await hashPassword(u.password) : null,
          emailVerifiedAt: u.active === false ? null : new Date(),
          walletAddress: u.wallet ?? null,
        })
        .returning({ id: users.id });
      if (!row) throw new Error('no user');
      return row.id;
    },
    async login(login, password, remember = true) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: login, password, remember },
      });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return res.json();
    },
    async signUp(name, opts = {}) {
      const password = `${name}-password-1`;
      const id = await t.createUser({ username: name, password, ...(opts.wallet ? { wallet: opts.wallet } : {}) });
      return { id, token: (await t.login(name, password)).access_token };
    },
  };
  return t;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const body = (res: LightMyRequestResponse) =>
  res.json() as { error: boolean; code?: string; msg?: string } & Record<string, unknown>;
