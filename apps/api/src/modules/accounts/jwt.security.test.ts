import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { signAccessToken } from '../../lib/tokens.ts';

describe('access tokens: algorithm allow-list, exp, type and audience', () => {
  let t: TestApp;
  let good: { access_token: string; refresh_token: string };
  let claims: { sub: string; sid: string };
  beforeAll(async () => {
    t = await createTestApp();
    await t.createUser({ username: 'jwt', password: 'jwt-password-1' });
    good = await t.login('jwt', 'jwt-password-1');
    const decoded = decodeJwt(good.access_token);
    claims = { sub: String(decoded.sub), sid: String(decoded.sid) };
  });
  afterAll(() => t.close());

  const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(token) });
  const secret = () => t.config.jwtAccessSecret;
  const base = (payload: Record<string, unknown> = {}) =>
    new SignJWT({ sid: claims.sid, typ: 'access', ...payload })
      .setSubject(claims.sub)
      .setIssuer('starport')
      .setAudience('starport-api')
      .setIssuedAt()
      .setExpirationTime('5m');

  it('accepts the token it issued', async () => {
    expect((await profile(good.access_token)).statusCode).toBe(200);
  });

  it('rejects alg none', async () => {
    const none = new UnsecuredJWT({ sid: claims.sid, typ: 'access' }).setSubject(claims.sub).setIssuer('starport').setAudience('starport-api').setExpirationTime('5m').encode();
    expect((await profile(none)).statusCode).toBe(401);
  });

  it('rejects a swapped algorithm even with the right secret', async () => {
    const hs512 = await base().setProtectedHeader({ alg: 'HS512' }).sign(secret());
    expect((await profile(hs512)).statusCode).toBe(401);
  });

  it('rejects another secret, a wrong audience, a wrong type and a missing session id', async () => {
    const other = await base().setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(48)));
    const audience = await base().setProtectedHeader({ alg: 'HS256' }).setAudience('someone-else').sign(secret());
    const type = await base({ typ: 'refresh' }).setProtectedHeader({ alg: 'HS256' }).sign(secret());
    const noSid = await new SignJWT({ typ: 'access' }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setIssuer('starport').setAudience('starport-api').setExpirationTime('5m').sign(secret());
    for (const token of [other, audience, type, noSid]) expect((await profile(token)).statusCode).toBe(401);
  });

  it('rejects an expired token with TOKEN_EXPIRED (the client then refreshes)', async () => {
    const old = await signAccessToken(secret(), { userId: claims.sub, sessionId: claims.sid }, new Date(Date.now() - 3600_000));
    const res = await profile(old);
    expect(res.statusCode).toBe(401);
    expect(body(res).code).toBe('TOKEN_EXPIRED');
  });

  it('rejects a token without an expiry', async () => {
    const forever = await new SignJWT({ sid: claims.sid, typ: 'access' }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).setIssuer('starport').setAudience('starport-api').sign(secret());
    expect((await profile(forever)).statusCode).toBe(401);
  });

  it('rejects a refresh token used as an access token, and an access token used as a refresh token', async () => {
    expect((await profile(good.refresh_token)).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/account/refresh_token', payload: { refresh_token: good.access_token } });
    expect(res.statusCode).toBe(401);
  });

  it('rejects a tampered payload', async () => {
    const [h, p, s] = good.access_token.split('.');
    const payload = JSON.parse(Buffer.from(p ?? '', 'base64url').toString());
    payload.sub = '00000000-0000-0000-0000-000000000000';
    const forged = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
    expect((await profile(forged)).statusCode).toBe(401);
  });

  it('rejects missing and malformed Authorization headers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/account/profile' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: { authorization: good.access_token } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
  });
});
