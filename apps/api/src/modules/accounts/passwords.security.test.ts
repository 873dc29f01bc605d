import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { users } from '../../db/schema/index.ts';

describe('passwords (QUALITY: argon2id, 8..128, no truncation)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores argon2id with m ≥ 19 MiB and t ≥ 2', async () => {
    await t.app.inject({ method: 'POST', url: '/api/account/registry', payload: { username: 'hasher', email: 'hasher@example.com', password: 'correct-horse-1' } });
    const [row] = await t.database.db.select().from(users).where(eq(users.username, 'hasher'));
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row?.passwordHash ?? '');
    expect(match).not.toBeNull();
    expect(Number(match?.[1])).toBeGreaterThanOrEqual(19456);
    expect(Number(match?.[2])).toBeGreaterThanOrEqual(2);
    expect(row?.passwordHash).not.toContain('correct-horse-1');
  });

  it('rejects passwords under 8 and over 128 characters', async () => {
    for (const password of ['short7!', 'x'.repeat(129)]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/account/registry', payload: { username: `len${password.length}`, email: `len${password.length}@example.com`, password } });
      expect(res.statusCode).toBe(400);
      expect(body(res).msg).toMatch(/at (least 8|most 128) characters/);
    }
  });

  it('accepts 128 characters and never truncates: changing the 80th character of a 100-character password fails', async () => {
    const long = Array.from({ length: 100 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    const max = 'm'.repeat(128);
    await t.createUser({ username: 'longpw', password: long });
    await t.createUser({ username: 'maxpw', password: max });
    await t.login('maxpw', max);
    await t.login('longpw', long);
    const altered = `${long.slice(0, 79)}#${long.slice(80)}`;
    expect(altered).toHaveLength(100);
    const res = await t.app.inject({ method: 'POST', url: '/api/account/login', payload: { email: 'longpw', password: altered } });
    expect(res.statusCode).toBe(401);
  });

  it('a new password goes through the same rules on reset and change', async () => {
    await t.createUser({ username: 'rules', password: 'rules-password-1' });
    const { access_token } = await t.login('rules', 'rules-password-1');
    const res = await t.app.inject({ method: 'POST', url: '/api/account/change_password', headers: bearer(access_token), payload: { old: 'rules-password-1', new: 'short' } });
    expect(res.statusCode).toBe(400);
    expect(body(res).msg).toMatch(/at least 8/);
  });
});
