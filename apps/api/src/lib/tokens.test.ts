import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from './tokens.ts';

const secret = new TextEncoder().encode('tokens-test-secret-tokens-test-secret-0123');
const claims = { userId: 'user-1', sessionId: 'session-1' };

describe('verifyAccessToken', () => {
  afterEach(() => vi.useRealTimers());

  it('a token is good until the second it expires', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 28, 9, 0, 0), toFake: ['Date'] });
    const token = await signAccessToken(secret, claims);
    expect(await verifyAccessToken(secret, token)).toEqual({ ok: true, claims });
    vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1);
    expect(await verifyAccessToken(secret, token)).toEqual({ ok: true, claims });
    vi.setSystemTime(Date.now() + 1);
    expect(await verifyAccessToken(secret, token)).toEqual({ ok: false, expired: true });
  });

  it('an expired token whose signature is wrong is not reported as expired', async () => {
    const old = await signAccessToken(new TextEncoder().encode('y'.repeat(48)), claims, new Date(Date.now() - 3_600_000));
    expect(await verifyAccessToken(secret, old)).toEqual({ ok: false, expired: false });
  });

  it('refuses what is not three parts, a crit header, and a signature spelled with extra characters', async () => {
    const token = await signAccessToken(secret, claims);
    expect(await verifyAccessToken(secret, `${token}.x`)).toEqual({ ok: false, expired: false });
    expect(await verifyAccessToken(secret, token.split('.').slice(0, 2).join('.'))).toEqual({ ok: false, expired: false });
    expect(await verifyAccessToken(secret, `${token}=`)).toEqual({ ok: false, expired: false });
    const [, payload] = token.split('.');
    const critHeader = Buffer.from(JSON.stringify({ alg: 'HS256', crit: ['exp'] })).toString('base64url');
    const critSig = createHmac('sha256', secret).update(`${critHeader}.${payload}`).digest('base64url');
    expect(await verifyAccessToken(secret, `${critHeader}.${payload}.${critSig}`)).toEqual({ ok: false, expired: false });
  });

  it('a token that passed under one secret is not taken under another, nor with its signature changed', async () => {
    const token = await signAccessToken(secret, claims);
    expect((await verifyAccessToken(secret, token)).ok).toBe(true);
    const other = new TextEncoder().encode('another-secret-another-secret-0123456789ab');
    expect(await verifyAccessToken(other, token)).toEqual({ ok: false, expired: false });
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifyAccessToken(secret, tampered)).toEqual({ ok: false, expired: false });
  });
});
