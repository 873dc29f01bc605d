import type { QueryClient } from '@tanstack/react-query';
import { useAccountStore } from '../../../lib/account-store.ts';
import { CHAIN_INFO_KEY, getChainInfo } from '../../../lib/wallet/chain-info.ts';
import type { CryptoPurchase } from './checkout-purchase.ts';
import { CryptoPaymentRun } from './crypto-flow.ts';
import { showCryptoSuccess } from './crypto-outcome.ts';
import { refreshAfterRefusal } from './use-pay-by-card.ts';

/**
 * Starts paying `purchase` in cryptocurrency, wired to this page: the chain configuration the
 * checkout's choice already read, the player's linked wallet, the success shown above every
 * page, and `afterPaid` for what the page does with a purchase made (empty the cart, …);
 * `afterRefused` for a ship's mint the server refused to open.
 */
export function startCryptoPayment(
  purchase: CryptoPurchase,
  queryClient: QueryClient,
  afterPaid: () => void,
  afterRefused?: () => void,
): CryptoPaymentRun {
  const run = new CryptoPaymentRun(purchase, {
    chainInfo: () =>
      queryClient.fetchQuery({
        queryKey: CHAIN_INFO_KEY,
        queryFn: ({ signal }) => getChainInfo(signal),
        staleTime: Infinity,
      }),
    hasLinkedWallet: () => Boolean(useAccountStore.getState().user?.walletAddress),
    onPaid: (outcome) => {
      showCryptoSuccess(outcome);
      afterPaid();
    },
    onRefused: (error) => {
      // A ship's mint refused (already converting, not free): its page reads its ships again.
      if (purchase.kind === 'ship_mint') afterRefused?.();
      else refreshAfterRefusal(queryClient, purchase, error);
    },
  });
  void run.start();
  return run;
}
