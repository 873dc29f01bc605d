import type { User } from '@starport/schemas';
import { emitSessionChange } from './session-events.ts';

/**
 * Session persistence (spec §3). The keys are fixed: user, jwt, jwt_refresh, wallet, wallet_ref.
 * "Remember me" keeps them in localStorage; otherwise the same keys live in sessionStorage so
 * the session ends with the browser. wallet_ref (a referral code) always goes to localStorage.
 */

export const SESSION_KEYS = ['user', 'jwt', 'jwt_refresh', 'wallet'] as const;
export const WALLET_REF_KEY = 'wallet_ref';
const WATCHED_KEYS: ReadonlySet<string> = new Set([...SESSION_KEYS, WALLET_REF_KEY]);

export type StoredSession = {
  user: User | null;
  jwt: string;
  jwtRefresh: string | null;
  wallet: string | null;
};

// Storage can throw (privacy modes, disabled cookies); the app must still render signed out.
const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

const local = (): Storage | null => safe(() => window.localStorage, null);
const session = (): Storage | null => safe(() => window.sessionStorage, null);

/** The storage area holding the current session, if any (localStorage wins if both do). */
const activeArea = (): Storage | null => {
  for (const area of [local(), session()]) {
    if (area && safe(() => area.getItem('jwt'), null)) return area;
  }
  return null;
};

const parseUser = (raw: string | null): User | null => {
  if (!raw) return null;
  return safe(() => JSON.parse(raw) as User, null);
};

export function readSession(): StoredSession | null {
  const area = activeArea();
  const jwt = area?.getItem('jwt');
  if (!area || !jwt) return null;
  return {
    jwt,
    jwtRefresh: area.getItem('jwt_refresh'),
    user: parseUser(area.getItem('user')),
    wallet: area.getItem('wallet'),
  };
}

export const getAccessToken = (): string | null => readSession()?.jwt ?? null;
export const getRefreshToken = (): string | null => readSession()?.jwtRefresh ?? null;

const clearArea = (area: Storage | null) => {
  if (!area) return;
  for (const key of SESSION_KEYS) safe(() => area.removeItem(key), undefined);
};

export function saveSession(input: {
  user: User;
  accessToken: string;
  refreshToken: string;
  remember: boolean;
}): void {
  const target = input.remember ? local() : session();
  // A session lives in exactly one area, so a stale copy in the other can never win a read.
  clearArea(input.remember ? session() : local());
  if (!target) return;
  safe(() => {
    target.setItem('jwt', input.accessToken);
    target.setItem('jwt_refresh', input.refreshToken);
    writeUser(target, input.user);
  }, undefined);
  emitSessionChange();
}

const writeUser = (area: Storage, user: User) => {
  area.setItem('user', JSON.stringify(user));
  if (user.walletAddress) area.setItem('wallet', user.walletAddress);
  else area.removeItem('wallet');
};

/** Rotated tokens go back to the area the session already lives in. */
export function saveTokens(accessToken: string, refreshToken: string): void {
  const area = activeArea();
  if (!area) return;
  safe(() => {
    area.setItem('jwt', accessToken);
    area.setItem('jwt_refresh', refreshToken);
  }, undefined);
  emitSessionChange();
}

export function saveUser(user: User): void {
  const area = activeArea();
  if (!area) return;
  safe(() => writeUser(area, user), undefined);
  emitSessionChange();
}

/** Drops the session from both areas; wallet_ref survives (it belongs to the visitor). */
export function clearSession(): void {
  clearArea(local());
  clearArea(session());
  emitSessionChange();
}

export const getWalletRef = (): string | null =>
  safe(() => local()?.getItem(WALLET_REF_KEY) ?? null, null);

/** Keeps a referral code from the `code` URL parameter; the server accepts up to 64 chars. */
export function setWalletRef(code: string): void {
  const value = code.trim();
  if (!value || value.length > 64) return;
  safe(() => local()?.setItem(WALLET_REF_KEY, value), undefined);
}

/**
 * Other tabs write localStorage; the `storage` event lets this tab follow their sign-in,
 * token rotation and sign-out. Returns the cleanup function.
 */
export function watchOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    // key === null means the other tab called clear().
    if (event.key === null || WATCHED_KEYS.has(event.key)) emitSessionChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
