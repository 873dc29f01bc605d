import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, body, createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../test/harness.ts';

describe('account journey: sign up → activate → sign in → change → reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const email = 'nova@example.com';
  let access = '';
  let refresh = '';

  it('signs up and mails an activation link built from PUBLIC_URL, not the Host header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/registry',
      headers: { host: 'evil.example' },
      payload: { username: 'Nova', email: 'Nova@Example.com', password: 'first-password-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({ error: false, msg: expect.stringContaining('inbox') });
    const mail = await t.lastMail(email);
    expect(mail?.status).toBe('sent');
    expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/email_active?key=`);
    expect(mail?.text).not.toContain('evil.example');
  });

  it('refuses to sign in before activation', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/login', payload: { email, password: 'first-password-1' } });
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe('ACCOUNT_NOT_ACTIVE');
  });

  it('activates once; the same link opened again says the account is already active', async () => {
    const key = await t.mailedKey(email, 'email_active');
    const ok = await t.app.inject({ method: 'GET', url: `/api/account/active/${key}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ error: false, msg: expect.stringContaining('account is active'), already_active: false });
    const again = await t.app.inject({ method: 'GET', url: `/api/account/active/${key}` });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ error: false, msg: 'Your account is already active. You can sign in.', already_active: true });
    // A key nobody was sent still learns nothing.
    const stranger = await t.app.inject({ method: 'GET', url: `/api/account/active/${'Q'.repeat(43)}` });
    expect(stranger.statusCode).toBe(400);
    expect(body(stranger)).toMatchObject({ error: true, code: 'INVALID_KEY' });
  });

  it('signs in by e-mail or by username and reads the profile', async () => {
    const byName = await t.login('nova', 'first-password-1');
    expect(byName.access_token).toBeTruthy();
    const res = await t.app.inject({ method: 'POST', url: '/api/account/login', payload: { email: 'NOVA@example.com', password: 'first-password-1' } });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({ error: false, user: { username: 'Nova', email, active: true, walletAddress: null, avatar: null } });
    access = json.access_token;
    refresh = json.refresh_token;
    const profile = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(access) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.username).toBe('Nova');
    const credit = await t.app.inject({ method: 'GET', url: '/api/credit/total', headers: bearer(access) });
    expect(credit.json()).toEqual({ error: false, amount: 0 });
  });

  it('rotates the refresh token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/refresh_token', payload: { refresh_token: refresh } });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.refresh_token).not.toBe(refresh);
    access = json.access_token;
    refresh = json.refresh_token;
  });

  it('changes the password with the old one', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: '/api/account/change_password', headers: bearer(access), payload: { old: 'nope-nope-nope', new: 'second-password-2' } });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).code).toBe('INVALID_CREDENTIALS');
    const res = await t.app.inject({ method: 'POST', url: '/api/account/change_password', headers: bearer(access), payload: { old: 'first-password-1', new: 'second-password-2' } });
    expect(res.statusCode).toBe(200);
    await expect(t.login(email, 'first-password-1')).rejects.toThrow(/401/);
    await t.login(email, 'second-password-2');
  });

  it('signs out server-side', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: bearer(access), payload: { refresh_token: refresh } });
    expect(res.statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(access) });
    expect(profile.statusCode).toBe(401);
    const again = await t.app.inject({ method: 'POST', url: '/api/account/refresh_token', payload: { refresh_token: refresh } });
    expect(again.statusCode).toBe(401);
  });

  it('resets a forgotten password with a single-use key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/account/forgot', payload: { email } });
    expect(res.statusCode).toBe(200);
    const key = await t.mailedKey(email, 'forgot_password_update');
    const check = await t.app.inject({ method: 'GET', url: `/api/account/verify_secret_key/${key}` });
    expect(check.statusCode).toBe(200);
    const reset = await t.app.inject({ method: 'POST', url: '/api/account/reset_password', payload: { secret_key: key, password: 'third-password-3' } });
    expect(reset.statusCode).toBe(200);
    const reuse = await t.app.inject({ method: 'POST', url: '/api/account/reset_password', payload: { secret_key: key, password: 'fourth-password-4' } });
    expect(reuse.statusCode).toBe(400);
    expect(body(reuse).code).toBe('INVALID_KEY');
    const verifyUsed = await t.app.inject({ method: 'GET', url: `/api/account/verify_secret_key/${key}` });
    expect(verifyUsed.statusCode).toBe(400);
    await t.login(email, 'third-password-3');
  });
});
