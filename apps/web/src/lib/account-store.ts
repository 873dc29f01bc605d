import type { User } from '@starport/schemas';
import { create } from 'zustand';
import { onSessionChange } from './session-events.ts';
import { readSession } from './session-storage.ts';

/**
 * Account state as the spec names it (§3): status.loggedIn, user, creditAmount.
 * It lives in lib, not in features/accounts, because the header, the guard and every area
 * (home, cart, checkout) read it, and areas must not import each other's internals.
 */
export type AccountState = {
  status: { loggedIn: boolean };
  user: User | null;
  /** Land credit balance; null until fetched or when signed out. */
  creditAmount: number | null;
};

const fromStorage = (): Pick<AccountState, 'status' | 'user'> => {
  const stored = readSession();
  // Signed in means "a token is stored" (spec §2 guard); the profile check confirms it later.
  return { status: { loggedIn: stored !== null }, user: stored?.user ?? null };
};

export const useAccountStore = create<AccountState>()(() => ({ ...fromStorage(), creditAmount: null }));

/** Re-reads storage; runs on every session change in this tab or another one. */
export function syncAccountFromStorage(): void {
  const next = fromStorage();
  useAccountStore.setState((state) => ({
    ...next,
    creditAmount: next.status.loggedIn ? state.creditAmount : null,
  }));
}

export const setCreditAmount = (creditAmount: number | null): void =>
  useAccountStore.setState({ creditAmount });

// Storage is the source of truth; the store follows it for the life of the page.
onSessionChange(syncAccountFromStorage);
