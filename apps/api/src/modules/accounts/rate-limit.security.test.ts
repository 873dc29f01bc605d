import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { redisRateLimiter } from '../../lib/rate-limiter.ts';
import { LIMITS } from './accounts.service.ts';
import { LOGIN_LIMITS } from './login-limits.ts';

const login = (t: TestApp, email: string, ip: string, password = 'wrong-password') =>
  t.app.inject({ method: 'POST', url: '/api/account/login', remoteAddress: ip, payload: { email, password } });
const forgot = (t: TestApp, email: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/forgot', remoteAddress: ip, payload: { email } });

describe('login and forgot-password are rate limited per account and per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser({ username: 'target', password: 'target-password-1' });
  });
  afterAll(() => t.close());

  it('per account: attempts from many addresses run out, with a 429 and a message', async () => {
    const [ceiling] = LOGIN_LIMITS.perAccount;
    for (let i = 0; i < ceiling; i++) expect((await login(t, 'target', `10.0.0.${i + 1}`)).statusCode).toBe(401);
    const blocked = await login(t, 'target', '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked)).toMatchObject({ error: true, code: 'RATE_LIMITED', msg: expect.stringMatching(/Too many attempts/) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits from an address the account never signed in from:
    // the limit is checked before the password.
    expect((await login(t, 'target', '10.0.1.2', 'target-password-1')).statusCode).toBe(429);
  });

  it('per address: one address trying many accounts runs out', async () => {
    const [limit] = LOGIN_LIMITS.perAddress;
    for (let i = 0; i < limit; i++) expect((await login(t, `user${i}@example.com`, '10.9.9.9')).statusCode).toBe(401);
    expect((await login(t, 'another@example.com', '10.9.9.9')).statusCode).toBe(429);
    // Another address is unaffected.
    expect((await login(t, 'another@example.com', '10.9.9.10')).statusCode).toBe(401);
  });

  it('forgot-password per account and per address', async () => {
    const [perAccount] = LIMITS.forgotPerAccount;
    for (let i = 0; i < perAccount; i++) expect((await forgot(t, 'target@example.com', `10.2.0.${i + 1}`)).statusCode).toBe(200);
    expect((await forgot(t, 'target@example.com', '10.2.1.1')).statusCode).toBe(429);
    const [perAddress] = LIMITS.forgotPerAddress;
    for (let i = 0; i < perAddress; i++) expect((await forgot(t, `x${i}@example.com`, '10.3.3.3')).statusCode).toBe(200);
    expect((await forgot(t, 'y@example.com', '10.3.3.3')).statusCode).toBe(429);
  });
});

describe('sign-in is counted per account, and a stranger cannot lock the owner out (0026)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    for (const name of ['both_names', 'owner', 'traveller', 'other_owner']) await t.createUser({ username: name, password: `${name}-password-1` });
  });
  afterAll(() => t.close());

  it('the e-mail and the username share one count', async () => {
    const [limit] = LOGIN_LIMITS.perAccountAndAddress;
    for (let i = 0; i < limit; i++) {
      const name = i % 2 === 0 ? 'both_names@example.com' : 'BOTH_NAMES';
      expect((await login(t, name, '10.5.0.1')).statusCode, name).toBe(401);
    }
    for (const name of ['both_names', 'both_names@example.com', ' Both_Names@Example.com ']) {
      expect((await login(t, name, '10.5.0.1')).statusCode, name).toBe(429);
    }
  });

  it('a login that names no account is counted the same way, so the answers tell nothing', async () => {
    const [limit] = LOGIN_LIMITS.perAccountAndAddress;
    for (let i = 0; i < limit; i++) expect((await login(t, 'nobody@example.com', '10.5.1.1')).statusCode).toBe(401);
    expect((await login(t, 'nobody@example.com', '10.5.1.1')).statusCode).toBe(429);
    // Another login from the same address is its own count.
    expect((await login(t, 'nobody.else@example.com', '10.5.1.1')).statusCode).toBe(401);
  });

  it("a stranger's failures stop the stranger, not the owner at another address", async () => {
    const [limit] = LOGIN_LIMITS.perAccountAndAddress;
    for (let i = 0; i < limit; i++) expect((await login(t, 'owner@example.com', '10.6.6.6')).statusCode).toBe(401);
    expect((await login(t, 'owner@example.com', '10.6.6.6', 'owner-password-1')).statusCode).toBe(429);
    // The owner, at home, has never signed in before and still gets in.
    expect((await login(t, 'owner@example.com', '10.7.0.1', 'owner-password-1')).statusCode).toBe(200);
  });

  it("strangers at many addresses reach the account's ceiling; the owner's usual address still signs in", async () => {
    expect((await login(t, 'traveller', '10.8.0.1', 'traveller-password-1')).statusCode).toBe(200);
    const [ceiling] = LOGIN_LIMITS.perAccount;
    const [perAddress] = LOGIN_LIMITS.perAccountAndAddress;
    // Each stranger's address stops at its own count; together they use up what the owner's
    // first sign-in (from an address not yet familiar) left of the ceiling.
    for (let i = 0; i < ceiling - 1; i++) {
      const stranger = `10.9.${Math.floor(i / perAddress)}.1`;
      expect((await login(t, 'traveller@example.com', stranger)).statusCode, stranger).toBe(401);
    }
    expect((await login(t, 'traveller', '10.9.100.1')).statusCode).toBe(429);
    // A new address waits, even with the right password; the address it signed in from does not.
    expect((await login(t, 'traveller', '10.8.0.2', 'traveller-password-1')).statusCode).toBe(429);
    expect((await login(t, 'traveller', '10.8.0.1', 'traveller-password-1')).statusCode).toBe(200);
    // A familiar address is still held to its own count: a wrong password there runs out too.
    for (let i = 0; i < perAddress - 2; i++) expect((await login(t, 'traveller', '10.8.0.1')).statusCode).toBe(401);
    expect((await login(t, 'traveller', '10.8.0.1', 'traveller-password-1')).statusCode).toBe(429);
    // Another account is not touched by any of it.
    expect((await login(t, 'other_owner', '10.9.100.1', 'other_owner-password-1')).statusCode).toBe(200);
  });
});

describe('with REDIS_URL the limit is shared by every copy of the API', () => {
  it('two API copies count one account together', async () => {
    const prefix = `starport:test:${randomBytes(4).toString('hex')}:`;
    const limiterA = redisRateLimiter('redis://127.0.0.1:6379', prefix);
    const limiterB = redisRateLimiter('redis://127.0.0.1:6379', prefix);
    const a = await createTestApp({ limiter: limiterA });
    const b = await createTestApp({ limiter: limiterB, database: a.database });
    try {
      const [ceiling] = LOGIN_LIMITS.perAccount;
      for (let i = 0; i < ceiling; i++) {
        const copy = i % 2 === 0 ? a : b;
        expect((await login(copy, 'shared', `10.4.0.${i + 1}`)).statusCode).toBe(401);
      }
      expect((await login(a, 'shared', '10.4.1.1')).statusCode).toBe(429);
      expect((await login(b, 'shared', '10.4.1.2')).statusCode).toBe(429);
      // The addresses an account signed in from are shared too.
      await a.createUser({ username: 'shared_owner', password: 'shared-owner-password-1' });
      expect((await login(a, 'shared_owner', '10.4.2.1', 'shared-owner-password-1')).statusCode).toBe(200);
      for (let i = 0; i < ceiling - 1; i++) {
        const copy = i % 2 === 0 ? a : b;
        expect((await login(copy, 'shared_owner', `10.4.3.${i + 1}`)).statusCode).toBe(401);
      }
      expect((await login(a, 'shared_owner', '10.4.2.2', 'shared-owner-password-1')).statusCode).toBe(429);
      expect((await login(b, 'shared_owner', '10.4.2.1', 'shared-owner-password-1')).statusCode).toBe(200);
    } finally {
      await b.close();
      await a.close();
      await limiterA.close();
      await limiterB.close();
    }
  });
});
