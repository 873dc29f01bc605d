import { env } from '../config/env.ts';
import { ApiError, REFRESH_FAILED_MSG, networkError } from './api-error.ts';
import { clearSession, readSession, saveTokens } from './session-storage.ts';
import { emitSessionExpired, onSessionChange } from './session-events.ts';

export const REFRESH_PATH = '/api/account/refresh_token';
const LOCK_NAME = 'starport-refresh';

/**
 * The server's answer to a refresh token another tab spent seconds ago (decision 0079). Web Locks
 * do not order localStorage: the tab that takes the lock next may still read the spent tokens,
 * and the other tab's new ones reach it a moment later. It waits for them, at most as long as the
 * server's grace window, instead of signing out.
 */
const ROTATED_ELSEWHERE = 'REFRESH_TOKEN_ROTATED';
export const OTHER_TAB_WAIT_MS = 10_000;

/** Statuses meaning "this refresh token is no longer any good": the session must go. */
const REJECTED = new Set([400, 401, 403, 404, 409, 422]);

// One refresh per tab at a time: every request that hit a 401 waits on this same promise.
let inflight: Promise<string> | null = null;

const refreshFailed = () => new ApiError('REFRESH_FAILED', REFRESH_FAILED_MSG, 401);

function dropSession(): never {
  clearSession();
  emitSessionExpired();
  throw refreshFailed();
}

/** The access token another tab stores in place of `failedToken`, once this tab can read it. */
function tokenFromOtherTab(failedToken: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stopWatching = () => {
      clearTimeout(timer);
      window.removeEventListener('storage', check);
      stopSessionChanges();
    };
    function check() {
      const stored = readSession();
      if (stored && stored.jwt === failedToken) return;
      stopWatching();
      // Signed out meanwhile (here or there): nothing to wait for.
      if (stored) resolve(stored.jwt);
      else reject(refreshFailed());
    }
    const timer = setTimeout(() => {
      stopWatching();
      // The tab that rotated never stored its tokens (it closed mid-refresh): the session is lost.
      try {
        dropSession();
      } catch (error) {
        reject(error);
      }
    }, OTHER_TAB_WAIT_MS);
    window.addEventListener('storage', check);
    const stopSessionChanges = onSessionChange(check);
    check();
  });
}

async function callRefresh(failedToken: string, refreshToken: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${env.apiUrl}${REFRESH_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
  } catch {
    // Offline is not a verdict on the token: keep the session so a later try can succeed.
    throw networkError();
  }
  const body = (await response.json().catch(() => null)) as {
    error?: boolean;
    code?: unknown;
    access_token?: unknown;
    refresh_token?: unknown;
  } | null;
  if (response.ok && body && body.error !== true && typeof body.access_token === 'string') {
    // Refresh tokens rotate: the old one is now spent, so both must be stored.
    const nextRefresh = typeof body.refresh_token === 'string' ? body.refresh_token : refreshToken;
    saveTokens(body.access_token, nextRefresh);
    return body.access_token;
  }
  if (response.status === 401 && body?.code === ROTATED_ELSEWHERE) return tokenFromOtherTab(failedToken);
  if (REJECTED.has(response.status) || response.ok) dropSession();
  // 429 / 5xx: the server could not decide; fail this request but keep the session.
  throw refreshFailed();
}

/** Runs inside the cross-tab lock: another tab may have refreshed while we waited. */
async function refreshUnderLock(failedToken: string): Promise<string> {
  const stored = readSession();
  if (!stored) throw refreshFailed(); // signed out meanwhile (here or in another tab)
  if (stored.jwt !== failedToken) return stored.jwt; // someone already rotated: reuse it
  if (!stored.jwtRefresh) dropSession();
  return callRefresh(failedToken, stored.jwtRefresh);
}

function withCrossTabLock(task: () => Promise<string>): Promise<string> {
  // Two tabs spending the same refresh token would trip the server's reuse detection and
  // revoke the whole token family, so tabs take turns when the browser supports Web Locks.
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // The DOM typings nest the callback's promise; at run time request() resolves to its value.
  if (locks?.request) return locks.request(LOCK_NAME, task) as unknown as Promise<string>;
  return task();
}

/**
 * Returns a fresh access token for a request that was answered 401 while sending
 * `failedToken`. Concurrent callers share one refresh; a token rotated meanwhile is reused.
 */
export function refreshAccessToken(failedToken: string): Promise<string> {
  const current = readSession()?.jwt;
  if (current && current !== failedToken) return Promise.resolve(current);
  inflight ??= withCrossTabLock(() => refreshUnderLock(failedToken)).finally(() => {
    inflight = null;
  });
  return inflight;
}
