import { useCallback, useState, useSyncExternalStore } from 'react';
import { useAccountStore } from '../../../lib/account-store.ts';
import { loadWallet, WalletError } from '../../../lib/wallet/wallet-api.ts';

/**
 * Whose staking the pages show: the wallet the player connected on a staking page, else the
 * wallet linked to their account. Kept for the visit (module state), so moving between
 * /staking, /stakingdetail and /affiliate does not ask the wallet again.
 */
let connected: string | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const setConnected = (address: string | undefined) => {
  connected = address;
  listeners.forEach((l) => l());
};

/** For tests: forgets the connected wallet between cases. */
export const resetStakingAccountForTests = () => setConnected(undefined);

export function useStakingAccount() {
  const mine = useSyncExternalStore(subscribe, () => connected);
  const linked = useAccountStore((s) => s.user?.walletAddress ?? undefined);
  const [connecting, setConnecting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const connect = useCallback(async () => {
    setConnecting(true);
    setError(null);
    try {
      const wallet = await loadWallet();
      setConnected(await wallet.connect('browser'));
    } catch (e) {
      setError(e instanceof WalletError ? e.message : 'The wallet could not be loaded. Please try again.');
    } finally {
      setConnecting(false);
    }
  }, []);

  return { address: (mine ?? linked)?.toLowerCase(), connected: mine !== undefined, connect, connecting, error };
}
