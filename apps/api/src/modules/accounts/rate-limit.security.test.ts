import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { redisRateLimiter } from '../../lib/rate-limiter.ts';
import { LIMITS } from './accounts.service.ts';

const login = (t: TestApp, email: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/login', remoteAddress: ip, payload: { email, password: 'wrong-password' } });
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
    const [limit] = LIMITS.loginPerAccount;
    for (let i = 0; i < limit; i++) expect((await login(t, 'target', `10.0.0.${i + 1}`)).statusCode).toBe(401);
    const blocked = await login(t, 'target', '10.0.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(body(blocked)).toMatchObject({ error: true, code: 'RATE_LIMITED', msg: expect.stringMatching(/Too many attempts/) });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits: the limit is checked before the password.
    const right = await t.app.inject({ method: 'POST', url: '/api/account/login', remoteAddress: '10.0.1.2', payload: { email: 'target', password: 'target-password-1' } });
    expect(right.statusCode).toBe(429);
  });

  it('per address: one address trying many accounts runs out', async () => {
    const [limit] = LIMITS.loginPerAddress;
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

describe('with REDIS_URL the limit is shared by every copy of the API', () => {
  it('two API copies count one account together', async () => {
    const prefix = `starport:test:${randomBytes(4).toString('hex')}:`;
    const limiterA = redisRateLimiter('redis://127.0.0.1:6379', prefix);
    const limiterB = redisRateLimiter('redis://127.0.0.1:6379', prefix);
    const a = await createTestApp({ limiter: limiterA });
    const b = await createTestApp({ limiter: limiterB, database: a.database });
    try {
      const [limit] = LIMITS.loginPerAccount;
      for (let i = 0; i < limit; i++) {
        const copy = i % 2 === 0 ? a : b;
        expect((await login(copy, 'shared', `10.4.0.${i + 1}`)).statusCode).toBe(401);
      }
      expect((await login(a, 'shared', '10.4.1.1')).statusCode).toBe(429);
      expect((await login(b, 'shared', '10.4.1.2')).statusCode).toBe(429);
    } finally {
      await b.close();
      await a.close();
      await limiterA.close();
      await limiterB.close();
    }
  });
});
