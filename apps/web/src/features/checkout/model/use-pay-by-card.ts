import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  buyByCard,
  buyListingByCard,
  buyTopUpByCard,
  CARD_PAYMENT_TYPE,
  type BuyByCardResponse,
} from '../api/buy-by-card.ts';
import { topUpTermsKey } from '../api/get-top-up-terms.ts';
import { validateStock } from '../api/validate-stock.ts';
import { rememberCartOrder } from '../../../lib/cart-order-marker.ts';
import { cartPriceKeys } from '../../../lib/cart-price.ts';
import { marketplaceKeys } from '../../../lib/marketplace-keys.ts';
import { siteSettingQueryOptions } from '../../../lib/site-setting.ts';
import { paymentLinesOf, type CheckoutPurchase } from './checkout-purchase.ts';
import { useAttemptKey } from './attempt-key.ts';
import { leaveForPayment } from './leave-for-payment.ts';
import { httpStatusOf, PaymentStepError, stepOf } from '../components/payment-error.tsx';

/**
 * Paying through the card provider (spec §4): the shop cart's stock is checked first, then
 * POST /api/stripe/buy opens the order and the browser leaves for the provider's hosted page.
 * A marketplace listing goes as its listing line (docs/api-payments.md), a land-credit top-up as
 * its quantity (POST /api/stripe/buyTopup). The checkout dialog,
 * the widget's card fallback and the retry after a closed widget all pay this one way.
 */
export function usePayByCard(purchase: CheckoutPurchase) {
  const queryClient = useQueryClient();
  // After a successful buy the page is about to unload: stay busy until it does.
  const [leaving, setLeaving] = useState(false);
  // A double click sends the same key: the server opens one order and answers both alike.
  const attempt = useAttemptKey();

  const mutation = useMutation<BuyByCardResponse, PaymentStepError>({
    mutationFn: async () => {
      const buy = (open: (headers: Record<string, string>) => Promise<BuyByCardResponse>) =>
        stepOf('buy', attempt.run(open));
      if (purchase.kind === 'listing') return buy((headers) => buyListingByCard(purchase.listing, headers));
      if (purchase.kind === 'land_credit') return buy((headers) => buyTopUpByCard(purchase.quantity, headers));
      const ids = paymentLinesOf(purchase);
      if (purchase.kind === 'cart') {
        await stepOf('stock', validateStock(ids));
        const answer = await buy((headers) => buyByCard({ ids, type: CARD_PAYMENT_TYPE }, headers));
        rememberCartOrder(answer.order);
        return answer;
      }
      return buy((headers) => buyByCard({ type: CARD_PAYMENT_TYPE, items: ids }, headers));
    },
    onSuccess: (answer) => {
      setLeaving(true);
      leaveForPayment(answer.data);
    },
    onError: (error) => refreshAfterRefusal(queryClient, purchase, error),
  });

  return { pay: () => mutation.mutate(), error: mutation.error, busy: mutation.isPending || leaving, leaving };
}

/**
 * Stock moved or the listing was taken (409), or sales closed (403), since the dialog read
 * them: the page shows what the server now says (a taken listing's page, "no longer for sale").
 * A refused top-up (its bounds or price changed: 400, 409) reads the top-up terms again.
 */
export function refreshAfterRefusal(
  queryClient: ReturnType<typeof useQueryClient>,
  purchase: CheckoutPurchase,
  error: PaymentStepError,
): void {
  const status = httpStatusOf(error);
  if (purchase.kind === 'land_credit' && (status === 400 || status === 409)) {
    void queryClient.invalidateQueries({ queryKey: topUpTermsKey });
  } else if (status === 409) {
    const stale = purchase.kind === 'listing' ? marketplaceKeys.item(purchase.listing.id) : cartPriceKeys.all;
    void queryClient.invalidateQueries({ queryKey: stale });
  }
  if (status === 403) void queryClient.invalidateQueries({ queryKey: siteSettingQueryOptions().queryKey });
}
