import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/harness.ts';
import { refreshTokens, sessions } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/tokens.ts';

describe('refresh rotation, reuse detection, logout and password change', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser({ username: 'rotor', password: 'rotor-password-1' });
  });
  afterAll(() => t.close());

  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/account/refresh_token', payload: { refresh_token: token } });
  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(token) });
  /** Pretends a token was used long ago, past the grace window for racing tabs. */
  const ageUse = (token: string) =>
    t.database.db.update(refreshTokens).set({ usedAt: sql`now() - interval '1 minute'` }).where(eq(refreshTokens.tokenHash, sha256(token)));

  it('a used refresh token is dead; within the grace window reuse does not end the session', async () => {
    const s = await t.login('rotor', 'rotor-password-1');
    const r1 = await refresh(s.refresh_token);
    expect(r1.statusCode).toBe(200);
    const raced = await refresh(s.refresh_token);
    expect(raced.statusCode).toBe(401);
    // The client waits for the other tab's tokens on this code instead of signing out (0079).
    expect(raced.json()).toMatchObject({ error: true, code: 'REFRESH_TOKEN_ROTATED' });
    // A second tab that raced is not punished: the rotated token still works.
    const r2 = await refresh(r1.json().refresh_token);
    expect(r2.statusCode).toBe(200);
    expect((await profile(r2.json().access_token)).statusCode).toBe(200);
  });

  it('a token spent seconds ago in a session that has ended is refused as over, not as raced', async () => {
    const s = await t.login('rotor', 'rotor-password-1');
    const r1 = (await refresh(s.refresh_token)).json();
    await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: bearer(r1.access_token) });
    const late = await refresh(s.refresh_token);
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('UNAUTHORIZED');
  });

  it('an unknown refresh token is refused as over', async () => {
    const res = await refresh('never-issued-token');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('reuse after the grace window revokes the whole family, access tokens included', async () => {
    const s = await t.login('rotor', 'rotor-password-1');
    const r1 = (await refresh(s.refresh_token)).json();
    await ageUse(s.refresh_token);
    expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    expect((await refresh(r1.refresh_token)).statusCode).toBe(401);
    expect((await profile(r1.access_token)).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.revokedReason, 'refresh_token_reuse'));
    expect(row).toBeDefined();
  });

  it('reuse revokes only that family, not the other sessions of the user', async () => {
    const stolen = await t.login('rotor', 'rotor-password-1');
    const other = await t.login('rotor', 'rotor-password-1');
    await refresh(stolen.refresh_token);
    await ageUse(stolen.refresh_token);
    await refresh(stolen.refresh_token);
    expect((await profile(other.access_token)).statusCode).toBe(200);
  });

  it('logout ends the session server-side (access and refresh)', async () => {
    const s = await t.login('rotor', 'rotor-password-1');
    const res = await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: bearer(s.access_token) });
    expect(res.statusCode).toBe(200);
    expect((await profile(s.access_token)).statusCode).toBe(401);
    expect((await refresh(s.refresh_token)).statusCode).toBe(401);
  });

  it('logout by refresh token alone (an expired access token) also ends it', async () => {
    const s = await t.login('rotor', 'rotor-password-1');
    const res = await t.app.inject({ method: 'POST', url: '/api/account/logout', payload: { refresh_token: s.refresh_token } });
    expect(res.statusCode).toBe(200);
    expect((await profile(s.access_token)).statusCode).toBe(401);
  });

  it('a password change ends every other session and keeps the current one', async () => {
    await t.createUser({ username: 'changer', password: 'changer-password-1' });
    const here = await t.login('changer', 'changer-password-1');
    const elsewhere = await t.login('changer', 'changer-password-1');
    const res = await t.app.inject({ method: 'POST', url: '/api/account/change_password', headers: bearer(here.access_token), payload: { old: 'changer-password-1', new: 'changer-password-2' } });
    expect(res.statusCode).toBe(200);
    expect((await profile(here.access_token)).statusCode).toBe(200);
    expect((await profile(elsewhere.access_token)).statusCode).toBe(401);
    expect((await refresh(elsewhere.refresh_token)).statusCode).toBe(401);
    expect((await refresh(here.refresh_token)).statusCode).toBe(200);
  });

  it('remember me decides the session lifetime: 30 days or 12 hours', async () => {
    const long = await t.login('rotor', 'rotor-password-1', true);
    const short = await t.login('rotor', 'rotor-password-1', false);
    const lifetime = async (token: string) => {
      const [row] = await t.database.db
        .select({ s: sessions })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, sha256(token)));
      return (row!.s.expiresAt.getTime() - row!.s.createdAt.getTime()) / 3600_000;
    };
    expect(Math.round(await lifetime(long.refresh_token))).toBe(30 * 24);
    expect(Math.round(await lifetime(short.refresh_token))).toBe(12);
  });

  it('an expired session cannot be refreshed', async () => {
    const s = await t.login('rotor', 'rotor-password-1', false);
    const [row] = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(s.refresh_token)));
    await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sessions.id, row!.sessionId));
    expect((await refresh(s.refresh_token)).statusCode).toBe(401);
    expect((await profile(s.access_token)).statusCode).toBe(401);
  });
});
