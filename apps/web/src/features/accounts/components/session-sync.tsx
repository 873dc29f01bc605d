import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
import { onSessionExpired } from '../../../lib/session-events.ts';
import { saveUser, watchOtherTabs } from '../../../lib/session-storage.ts';
import { useCreditTotal } from '../api/get-credit-total.ts';
import { useProfile } from '../api/get-profile.ts';
import { accountKeys } from '../api/query-keys.ts';
import { setCreditAmount, syncAccountFromStorage, useAccountStore } from '../../../lib/account-store.ts';

/**
 * Keeps the account state true for the life of the app: follows other tabs, rechecks the
 * session with the profile call when a token exists, and loads the credit balance.
 */
export function SessionSync() {
  const loggedIn = useAccountStore((s) => s.status.loggedIn);
  const queryClient = useQueryClient();

  useEffect(() => {
    syncAccountFromStorage();
    const stopWatching = watchOtherTabs();
    const stopExpired = onSessionExpired(() =>
      toast('Your session has ended. Please sign in again.', { title: 'Signed out' }),
    );
    return () => {
      stopWatching();
      stopExpired();
    };
  }, []);

  const profile = useProfile(loggedIn);
  useEffect(() => {
    // Storing the fresh user also tells every listener (and other tabs) about it.
    if (profile.data && useAccountStore.getState().status.loggedIn) saveUser(profile.data.user);
  }, [profile.data]);

  const credit = useCreditTotal(loggedIn);
  useEffect(() => {
    setCreditAmount(loggedIn ? (credit.data?.amount ?? null) : null);
  }, [loggedIn, credit.data]);

  useEffect(() => {
    // A signed-out app must not show the previous account's cached data to the next user.
    if (!loggedIn) queryClient.removeQueries({ queryKey: accountKeys.all });
  }, [loggedIn, queryClient]);

  return null;
}
