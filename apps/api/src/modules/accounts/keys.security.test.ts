import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { oneTimeKeys, users } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/tokens.ts';

describe('activation and reset keys: random, hashed, single use, expiring', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signUp = (name: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/registry', payload: { username: name, email: `${name}@example.com`, password: `${name}-password-1` } });

  it('stores only the hash of a key, and two keys never repeat', async () => {
    await signUp('keyone');
    await signUp('keytwo');
    const k1 = await t.mailedKey('keyone@example.com', 'email_active');
    const k2 = await t.mailedKey('keytwo@example.com', 'email_active');
    expect(k1).not.toBe(k2);
    expect(k1.length).toBeGreaterThanOrEqual(40);
    const raw = await t.database.db.select().from(oneTimeKeys).where(eq(oneTimeKeys.keyHash, k1));
    expect(raw).toHaveLength(0);
    const hashed = await t.database.db.select().from(oneTimeKeys).where(eq(oneTimeKeys.keyHash, sha256(k1)));
    expect(hashed).toHaveLength(1);
  });

  it('an expired activation key fails', async () => {
    await signUp('late');
    const key = await t.mailedKey('late@example.com', 'email_active');
    await t.database.db.update(oneTimeKeys).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(oneTimeKeys.keyHash, sha256(key)));
    const res = await t.app.inject({ method: 'GET', url: `/api/account/active/${key}` });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('INVALID_KEY');
  });

  it('an activation link of an account that is not active yet, replaced by a newer one, stays invalid', async () => {
    const first = await t.createUser({ username: 'relinked', active: false });
    const used = 'R'.repeat(43);
    await t.database.db.insert(oneTimeKeys).values({
      keyHash: sha256(used),
      userId: first,
      purpose: 'activate',
      email: 'relinked@example.com',
      expiresAt: sql`now() + interval '1 hour'`,
      usedAt: sql`now()`,
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/account/active/${used}` });
    expect(res.statusCode).toBe(400);
    expect(body(res).code).toBe('INVALID_KEY');
    // Once the account is active (a reset verified the address, say), the old link says so.
    await t.database.db.update(users).set({ emailVerifiedAt: sql`now()` }).where(eq(users.id, first));
    const later = await t.app.inject({ method: 'GET', url: `/api/account/active/${used}` });
    expect(later.json()).toEqual({ error: false, msg: 'Your account is already active. You can sign in.', already_active: true });
  });

  it('an expired reset key fails on verify and on reset', async () => {
    await t.createUser({ username: 'expiry', password: 'expiry-password-1' });
    await t.app.inject({ method: 'POST', url: '/api/account/forgot', payload: { email: 'expiry@example.com' } });
    const key = await t.mailedKey('expiry@example.com', 'forgot_password_update');
    await t.database.db.update(oneTimeKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(oneTimeKeys.keyHash, sha256(key)));
    expect((await t.app.inject({ method: 'GET', url: `/api/account/verify_secret_key/${key}` })).statusCode).toBe(400);
    const res = await t.app.inject({ method: 'POST', url: '/api/account/reset_password', payload: { secret_key: key, password: 'expiry-password-2' } });
    expect(res.statusCode).toBe(400);
  });

  it('an activation key cannot reset a password, nor a reset key activate', async () => {
    await signUp('crossed');
    const activation = await t.mailedKey('crossed@example.com', 'email_active');
    const res = await t.app.inject({ method: 'POST', url: '/api/account/reset_password', payload: { secret_key: activation, password: 'crossed-password-2' } });
    expect(res.statusCode).toBe(400);
  });

  it('a newer reset key retires the older one', async () => {
    await t.createUser({ username: 'twice', password: 'twice-password-1' });
    await t.app.inject({ method: 'POST', url: '/api/account/forgot', payload: { email: 'twice@example.com' } });
    const first = await t.mailedKey('twice@example.com', 'forgot_password_update');
    await t.app.inject({ method: 'POST', url: '/api/account/forgot', payload: { email: 'twice@example.com' } });
    const second = await t.mailedKey('twice@example.com', 'forgot_password_update');
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: `/api/account/verify_secret_key/${first}` })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/account/verify_secret_key/${second}` })).statusCode).toBe(200);
  });

  it('a reset revokes every refresh token and session of the user', async () => {
    await t.createUser({ username: 'victim', password: 'victim-password-1' });
    const a = await t.login('victim', 'victim-password-1');
    const b = await t.login('victim', 'victim-password-1');
    await t.app.inject({ method: 'POST', url: '/api/account/forgot', payload: { email: 'victim@example.com' } });
    const key = await t.mailedKey('victim@example.com', 'forgot_password_update');
    const reset = await t.app.inject({ method: 'POST', url: '/api/account/reset_password', payload: { secret_key: key, password: 'victim-password-2' } });
    expect(reset.statusCode).toBe(200);
    for (const s of [a, b]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/account/refresh_token', payload: { refresh_token: s.refresh_token } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(s.access_token) })).statusCode).toBe(401);
    }
  });

  it('garbage keys are a clear 400, not a 5xx', async () => {
    for (const key of ['x', 'a'.repeat(150), '%E2%98%83'.repeat(20), '..%2F..%2Fetc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/account/active/${key}` });
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toBeTruthy();
    }
  });
});
