import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { saveUser } from '../../../lib/session-storage.ts';
import { loadWallet, type WalletPick } from '../../../lib/wallet/wallet-api.ts';
import { storeSignIn } from '../api/login.ts';
import { accountKeys } from '../api/query-keys.ts';
import { linkWallet, signInWithWallet, type WalletStep } from './wallet-flows.ts';

/**
 * The wallet chunk (wagmi, viem), loaded the first time a wallet dialog or page shows. Kept
 * forever once loaded; a failed load can be retried. The runtime is an object of functions,
 * so TanStack's structural sharing must leave it alone.
 */
export const useWalletRuntime = () =>
  useQuery({
    queryKey: ['wallet', 'runtime'],
    queryFn: loadWallet,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    structuralSharing: false,
  });

/** Sign in with a wallet; the session is stored exactly as the password login stores it. */
export function useWalletSignIn() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<WalletStep | null>(null);
  const mutation = useMutation({
    mutationFn: async (pick: WalletPick) => signInWithWallet(await loadWallet(), pick, setStep),
    // No "remember me" box here: a wallet session is kept like a ticked one (spec §3 local storage).
    onSuccess: (data) => storeSignIn(queryClient, data, true),
    onSettled: () => setStep(null),
  });
  return { ...mutation, step };
}

/** Link a wallet to the signed-in account; the stored user then carries its address. */
export function useLinkWallet() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<WalletStep | null>(null);
  const mutation = useMutation({
    mutationFn: async (pick: WalletPick) => linkWallet(await loadWallet(), pick, setStep),
    onSuccess: (data) => {
      queryClient.setQueryData(accountKeys.profile(), { error: false, user: data.user });
      saveUser(data.user);
    },
    onSettled: () => setStep(null),
  });
  return { ...mutation, step };
}
