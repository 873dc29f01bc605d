import type { QueryClient } from '@tanstack/react-query';
import { useAccountStore } from '../../../lib/account-store.ts';
import { CHAIN_INFO_KEY, getChainInfo } from '../../../lib/wallet/chain-info.ts';
import type { CheckoutPurchase } from './checkout-purchase.ts';
import { CryptoPaymentRun } from './crypto-flow.ts';
import { showCryptoSuccess } from './crypto-outcome.ts';
import { refreshAfterRefusal } from './use-pay-by-card.ts';

/**
 * Starts paying `purchase` in cryptocurrency, wired to this page: the chain configuration the
 * checkout's choice already read, the player's linked wallet, the success shown above every
 * page, and `afterPaid` for what the page does with a purchase made (empty the cart, …).
 */
export function startCryptoPayment(
  purchase: CheckoutPurchase,
  queryClient: QueryClient,
  afterPaid: () => void,
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
    onRefused: (error) => refreshAfterRefusal(queryClient, purchase, error),
  });
  void run.start();
  return run;
}
