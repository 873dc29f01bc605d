import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { emails, jobs, users } from '../../db/schema/index.ts';

// Count real argon2 verifications, to prove an unknown account costs the same work as a known one.
const argonCalls = vi.hoisted(() => ({ verify: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argonCalls.verify += 1;
      return real.verify(...args);
    },
  };
});

describe('no account enumeration (message, status or work done)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser({ username: 'known', email: 'known@example.com', password: 'known-password-1' });
  });
  afterAll(() => t.close());

  const attempt = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/login', payload: { email, password } });

  it('unknown e-mail and wrong password give the same status and body, and both run one argon2 verify', async () => {
    argonCalls.verify = 0;
    const unknown = await attempt('nobody@example.com', 'whatever-password');
    const unknownVerifies = argonCalls.verify;
    argonCalls.verify = 0;
    const wrong = await attempt('known@example.com', 'whatever-password');
    const wrongVerifies = argonCalls.verify;
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.body).toBe(unknown.body);
    expect(unknownVerifies).toBe(1);
    expect(wrongVerifies).toBe(1);
  });

  it('a wallet-only account (no password) answers like an unknown one', async () => {
    await t.createUser({ username: 'walletonly', email: null, wallet: '0x00000000000000000000000000000000000000aa' });
    const res = await attempt('walletonly', 'whatever-password');
    const unknown = await attempt('nobody2', 'whatever-password');
    expect(res.statusCode).toBe(401);
    expect(res.body).toBe(unknown.body);
  });

  it('forgot-password answers the same whether or not the account exists, and does the lookup later', async () => {
    const before = await t.database.db.$count(emails);
    const known = await t.app.inject({ method: 'POST', url: '/api/account/forgot', payload: { email: 'known@example.com' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/account/forgot', payload: { email: 'ghost@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    // Nothing was looked up or mailed while answering: both requests only queued a job.
    expect(await t.database.db.$count(emails)).toBe(before);
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'password-reset-request'));
    expect(queued).toHaveLength(2);
    await t.drainJobs();
    expect((await t.lastMail('known@example.com'))?.kind).toBe('password-reset');
    expect(await t.lastMail('ghost@example.com')).toBeUndefined();
  });

  it('signing up with a taken e-mail answers like a new sign-up and mails the owner instead', async () => {
    const fresh = await t.app.inject({ method: 'POST', url: '/api/account/registry', payload: { username: 'fresh', email: 'fresh@example.com', password: 'fresh-password-1' } });
    const taken = await t.app.inject({ method: 'POST', url: '/api/account/registry', payload: { username: 'intruder', email: 'known@example.com', password: 'intruder-password-1' } });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.body).toBe(fresh.body);
    expect((await t.lastMail('known@example.com'))?.kind).toBe('already-registered');
    const intruder = await t.database.db.select().from(users).where(eq(users.username, 'intruder'));
    expect(intruder).toHaveLength(0);
  });

  it('a taken username is told plainly (usernames are public)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/registry', payload: { username: 'KNOWN', email: 'other@example.com', password: 'other-password-1' } });
    expect(res.statusCode).toBe(409);
    expect(body(res).code).toBe('USERNAME_TAKEN');
  });
});
