import type { QueryClient } from '@tanstack/react-query';
import { useAccountStore } from './account-store.ts';

// The land-credit balance is read once for the signed-in account (accounts' session sync keeps
// account-store's creditAmount). Areas that change it — a top-up, a purchase of plots — read
// it again through here, without importing the accounts area.

/** The cache key of GET /api/credit/total (under the account root, dropped at sign-out). */
export const landCreditKey = ['account', 'credit-total'] as const;

/** Reads the balance again after something spent or added credit. */
export const refreshLandCredit = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: landCreditKey });

/** The balance as last read; null until read or when signed out. */
export const useLandCreditAmount = (): number | null => useAccountStore((s) => s.creditAmount);
