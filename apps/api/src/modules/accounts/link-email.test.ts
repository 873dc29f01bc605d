import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { SessionService } from './sessions.service.ts';

describe('linking an e-mail and password to a wallet account', () => {
  let t: TestApp;
  let sessions: SessionService;
  beforeAll(async () => {
    t = await createTestApp();
    sessions = new SessionService(t.database.db, t.config.jwtAccessSecret);
  });
  afterAll(() => t.close());

  /** Wallet sign-in lands with the chain issue; until then a session is started directly. */
  const walletSession = async (name: string) => {
    const id = await t.createUser({ username: name, email: null, wallet: `0x${name.padStart(40, '0').slice(-40)}` });
    return sessions.start(id, true);
  };
  const link = (token: string, email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/link_email', headers: bearer(token), payload: { email, password } });

  it('a wallet account has no e-mail and is not active', async () => {
    const s = await walletSession('a1b2');
    const res = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(s.access_token) });
    expect(res.json().user).toMatchObject({ email: null, active: false, hasPassword: false, walletAddress: expect.stringMatching(/^0x/) });
  });

  it('links, verifies through the mailed link, then signs in with the e-mail', async () => {
    const s = await walletSession('c3d4');
    const res = await link(s.access_token, 'Linked@Example.com', 'linked-password-1');
    expect(res.statusCode).toBe(200);
    expect(body(res).msg).toContain('linked@example.com');
    const before = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(s.access_token) });
    expect(before.json().user).toMatchObject({ email: 'linked@example.com', active: false, hasPassword: true });
    const key = await t.mailedKey('linked@example.com', 'email_active');
    expect((await t.app.inject({ method: 'GET', url: `/api/account/active/${key}` })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(s.access_token) });
    expect(after.json().user.active).toBe(true);
    await t.login('linked@example.com', 'linked-password-1');
    const again = await link(s.access_token, 'other@example.com', 'other-password-1');
    expect(again.statusCode).toBe(409);
    expect(body(again).code).toBe('ALREADY_LINKED');
  });

  it("refuses an e-mail another account uses", async () => {
    await t.createUser({ username: 'owner', email: 'owner@example.com', password: 'owner-password-1' });
    const s = await walletSession('e5f6');
    const res = await link(s.access_token, 'owner@example.com', 'taken-password-1');
    expect(res.statusCode).toBe(409);
    expect(body(res).code).toBe('EMAIL_TAKEN');
  });

  it('an old verification link does not verify a newer, different e-mail', async () => {
    const s = await walletSession('a7a8');
    await link(s.access_token, 'first@example.com', 'first-password-1');
    const oldKey = await t.mailedKey('first@example.com', 'email_active');
    await link(s.access_token, 'second@example.com', 'second-password-1');
    expect((await t.app.inject({ method: 'GET', url: `/api/account/active/${oldKey}` })).statusCode).toBe(400);
    const resend = await t.app.inject({ method: 'POST', url: '/api/account/resend_activation', headers: bearer(s.access_token) });
    expect(resend.statusCode).toBe(200);
    const key = await t.mailedKey('second@example.com', 'email_active');
    expect((await t.app.inject({ method: 'GET', url: `/api/account/active/${key}` })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/link_email', payload: { email: 'x@example.com', password: 'x-password-1' } });
    expect(res.statusCode).toBe(401);
  });
});
