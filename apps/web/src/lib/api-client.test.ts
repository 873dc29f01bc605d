import type { User } from '@starport/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../test/fetch-mock.ts';
import { ApiError, api } from './api-client.ts';
import { onSessionChange } from './session-events.ts';
import { readSession, saveSession } from './session-storage.ts';
import { OTHER_TAB_WAIT_MS } from './token-refresh.ts';

const user: User = {
  id: 'u1',
  username: 'pilot',
  email: 'pilot@example.com',
  active: true,
  avatar: null,
  walletAddress: null,
  hasPassword: true,
};

const signIn = (remember = true) =>
  saveSession({ user, accessToken: 'old-access', refreshToken: 'old-refresh', remember });

const expired = () => json(401, { error: true, code: 'TOKEN_EXPIRED', msg: 'Token expired.' });
const isRefresh = (url: string) => url.endsWith('/api/account/refresh_token');
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('sends the bearer token and returns the JSON body', async () => {
    signIn();
    const { calls } = mockFetch(() => json(200, { error: false, amount: 3 }));
    await expect(api.get('/api/credit/total')).resolves.toEqual({ error: false, amount: 3 });
    expect(calls[0]?.headers.Authorization).toBe('Bearer old-access');
  });

  it('throws the server envelope as an ApiError', async () => {
    mockFetch(() => json(409, { error: true, code: 'EMAIL_TAKEN', msg: 'E-mail taken.' }));
    const error = await api.post('/api/account/registry', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'EMAIL_TAKEN', msg: 'E-mail taken.', status: 409 });
  });

  it('reports a network failure with the spec message', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(api.get('/site/setting')).rejects.toMatchObject({
      msg: 'Please try again, network error',
      status: 0,
    });
  });

  it('five parallel 401s share exactly one refresh, then each retries once', async () => {
    signIn();
    const { calls } = mockFetch(async (call) => {
      if (isRefresh(call.url)) {
        await delay(20); // keep the refresh in flight while the other 401s arrive
        return json(200, { error: false, access_token: 'new-access', refresh_token: 'new-refresh' });
      }
      if (call.headers.Authorization === 'Bearer old-access') return expired();
      return json(200, { error: false, url: call.url });
    });

    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) => api.get<{ url: string }>(`/api/thing/${n}`)),
    );

    expect(results.map((r) => r.url)).toEqual([1, 2, 3, 4, 5].map((n) => `/api/thing/${n}`));
    const refreshes = calls.filter((c) => isRefresh(c.url));
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refresh_token: 'old-refresh' });
    const retries = calls.filter((c) => c.headers.Authorization === 'Bearer new-access');
    expect(retries).toHaveLength(5);
    // Rotation: both new tokens are stored, in the area the session lives in.
    expect(localStorage.getItem('jwt')).toBe('new-access');
    expect(localStorage.getItem('jwt_refresh')).toBe('new-refresh');
  });

  it('keeps a session-only login in sessionStorage when tokens rotate', async () => {
    signIn(false);
    mockFetch((call) => {
      if (isRefresh(call.url)) return json(200, { error: false, access_token: 'a2', refresh_token: 'r2' });
      return call.headers.Authorization === 'Bearer a2' ? json(200, { error: false }) : expired();
    });
    await api.get('/api/account/profile');
    expect(sessionStorage.getItem('jwt_refresh')).toBe('r2');
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it('a refused refresh rejects every waiting request and clears the session', async () => {
    signIn();
    localStorage.setItem('wallet_ref', 'friend42');
    const changes = vi.fn();
    onSessionChange(changes);
    const { calls } = mockFetch((call) =>
      isRefresh(call.url)
        ? json(401, { error: true, code: 'UNAUTHORIZED', msg: 'Refresh token revoked.' })
        : expired(),
    );

    const outcomes = await Promise.allSettled([api.get('/api/a'), api.get('/api/b'), api.get('/api/c')]);

    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ msg: 'Can not refresh token.' });
    }
    expect(calls.filter((c) => isRefresh(c.url))).toHaveLength(1);
    expect(readSession()).toBeNull();
    for (const key of ['user', 'jwt', 'jwt_refresh', 'wallet']) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('wallet_ref')).toBe('friend42');
    expect(changes).toHaveBeenCalled();
  });

  it('does not refresh on a 401 that is not about the token', async () => {
    signIn();
    const { calls } = mockFetch(() =>
      json(401, { error: true, code: 'INVALID_CREDENTIALS', msg: 'Old password is wrong.' }),
    );
    await expect(api.post('/api/account/change_password', {})).rejects.toMatchObject({
      msg: 'Old password is wrong.',
    });
    expect(calls).toHaveLength(1);
    expect(readSession()?.jwt).toBe('old-access');
  });

  it('inside the cross-tab lock, reuses a token another tab already stored', async () => {
    signIn();
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        // Simulates another tab that held the lock and rotated the tokens before us.
        request: async (_name: string, task: () => Promise<string>) => {
          localStorage.setItem('jwt', 'other-tab-access');
          localStorage.setItem('jwt_refresh', 'other-tab-refresh');
          return task();
        },
      },
    });
    const { calls } = mockFetch((call) =>
      call.headers.Authorization === 'Bearer other-tab-access' ? json(200, { error: false }) : expired(),
    );
    await expect(api.get('/api/account/profile')).resolves.toEqual({ error: false });
    expect(calls.some((c) => isRefresh(c.url))).toBe(false);
    expect(calls).toHaveLength(2);
  });

  describe('a refresh another tab won a moment earlier (0079)', () => {
    const rotatedElsewhere = () =>
      json(401, { error: true, code: 'REFRESH_TOKEN_ROTATED', msg: 'This session was just refreshed in another tab.' });
    /** What this tab sees when the other tab's write reaches its storage: the values, then the event. */
    const otherTabStores = () => {
      localStorage.setItem('jwt', 'other-tab-access');
      window.dispatchEvent(new StorageEvent('storage', { key: 'jwt', newValue: 'other-tab-access' }));
      localStorage.setItem('jwt_refresh', 'other-tab-refresh');
      window.dispatchEvent(new StorageEvent('storage', { key: 'jwt_refresh', newValue: 'other-tab-refresh' }));
    };

    it('waits for that tab’s tokens to reach this one, then retries with them and stays signed in', async () => {
      signIn();
      // The lock is ours, yet storage still shows the spent tokens: Chromium does not order the two.
      vi.stubGlobal('navigator', { ...navigator, locks: { request: (_name: string, task: () => Promise<string>) => task() } });
      const { calls } = mockFetch((call) => {
        if (isRefresh(call.url)) {
          setTimeout(otherTabStores);
          return rotatedElsewhere();
        }
        return call.headers.Authorization === 'Bearer other-tab-access' ? json(200, { error: false }) : expired();
      });

      await expect(api.get('/api/account/profile')).resolves.toEqual({ error: false });
      expect(calls.filter((c) => isRefresh(c.url))).toHaveLength(1);
      expect(readSession()).toMatchObject({ jwt: 'other-tab-access', jwtRefresh: 'other-tab-refresh' });
    });

    it('uses them at once when they arrived while the refresh was on its way', async () => {
      signIn();
      const { calls } = mockFetch((call) => {
        if (!isRefresh(call.url)) return call.headers.Authorization === 'Bearer other-tab-access' ? json(200, { error: false }) : expired();
        otherTabStores();
        return rotatedElsewhere();
      });
      await expect(api.get('/api/a')).resolves.toEqual({ error: false });
      expect(calls.map((c) => c.headers.Authorization ?? 'refresh')).toEqual(['Bearer old-access', 'refresh', 'Bearer other-tab-access']);
    });

    it('signs out once the grace window passes with no tokens from the other tab (it closed mid-refresh)', async () => {
      signIn();
      vi.useFakeTimers();
      try {
        mockFetch((call) => (isRefresh(call.url) ? rotatedElsewhere() : expired()));
        const request = api.get('/api/a');
        const outcome = expect(request).rejects.toMatchObject({ msg: 'Can not refresh token.' });
        await vi.advanceTimersByTimeAsync(OTHER_TAB_WAIT_MS - 1);
        expect(readSession()?.jwt).toBe('old-access');
        await vi.advanceTimersByTimeAsync(1);
        await outcome;
        expect(readSession()).toBeNull();
      } finally {
        vi.useRealTimers();
      }
    });

    it('stops waiting when the other tab signs out instead', async () => {
      signIn();
      mockFetch((call) => {
        if (isRefresh(call.url)) {
          setTimeout(() => {
            localStorage.clear();
            window.dispatchEvent(new StorageEvent('storage', { key: null }));
          });
          return rotatedElsewhere();
        }
        return expired();
      });
      await expect(api.get('/api/a')).rejects.toMatchObject({ msg: 'Can not refresh token.' });
      expect(readSession()).toBeNull();
    });
  });
});
