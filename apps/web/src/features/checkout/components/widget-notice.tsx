import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import type { WidgetSession } from '@starport/schemas';
import { openCartWidgetPayment, openItemWidgetPayment, openTopUpWidgetPayment } from '../api/buy-by-widget.ts';
import { saleStateOf, useSaleStatus } from '../api/get-sale-status.ts';
import { validateStock } from '../api/validate-stock.ts';
import { useAttemptKey } from '../model/attempt-key.ts';
import { paymentLinesOf, type CheckoutPurchase } from '../model/checkout-purchase.ts';
import { PaymentErrorAlert, type PaymentStepError, stepOf } from './payment-error.tsx';
import { SaleNotice } from './sale-notice.tsx';
import { refreshAfterRefusal } from '../model/use-pay-by-card.ts';

type WidgetNoticeProps = {
  purchase: CheckoutPurchase;
  /** the server opened the order and signed the widget's purchase */
  onProceed: (session: WidgetSession) => void;
  onBack: () => void;
  onCancel: () => void;
};

/**
 * The fiat-provider notice (spec §2): keep a phone at hand, the provider handles the payment,
 * PROCEED. PROCEED opens the widget's payment on the server: the shop cart after its stock
 * check (as the card path does), a detail page's single item by its id, a marketplace listing
 * by its _id named as a listing, a land-credit top-up by its quantity.
 */
export function WidgetNotice({ purchase, onProceed, onBack, onCancel }: WidgetNoticeProps) {
  const queryClient = useQueryClient();
  const sale = saleStateOf(useSaleStatus());
  const attempt = useAttemptKey();
  const proceed = useMutation<WidgetSession, PaymentStepError>({
    mutationFn: async () => {
      const open = (start: (headers: Record<string, string>) => Promise<WidgetSession>) =>
        stepOf('buy', attempt.run(start));
      if (purchase.kind === 'listing')
        return open((headers) => openItemWidgetPayment(purchase.listing.id, { price_micro: purchase.listing.sell_price_micro }, headers));
      if (purchase.kind === 'item') return open((headers) => openItemWidgetPayment(purchase.item.id, undefined, headers));
      if (purchase.kind === 'land_credit') return open((headers) => openTopUpWidgetPayment(purchase.quantity, headers));
      const ids = paymentLinesOf(purchase);
      await stepOf('stock', validateStock(ids));
      return open((headers) => openCartWidgetPayment(ids, headers));
    },
    onSuccess: onProceed,
    onError: (error) => refreshAfterRefusal(queryClient, purchase, error),
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()} title="Wert payment">
      <div className="checkout" data-testid="widget-notice">
        <p className="checkout__notice">
          Please have your mobile phone at hand: Wert may send you a code to confirm who you are.
        </p>
        <p className="checkout__notice muted">
          Your card payment is handled by Wert, our fiat-to-crypto payment provider, in its own window on this page.
        </p>
        <SaleNotice sale={sale} />
        {proceed.error && <PaymentErrorAlert error={proceed.error} />}
        <DialogActions>
          <Button variant="secondary" onClick={onBack} disabled={proceed.isPending}>
            Back
          </Button>
          <Button onClick={() => proceed.mutate()} disabled={sale !== 'open'} loading={proceed.isPending}>
            PROCEED
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
