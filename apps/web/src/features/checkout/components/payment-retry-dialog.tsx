import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { saleStateOf, useSaleStatus } from '../api/get-sale-status.ts';
import type { CheckoutPurchase } from '../model/checkout-purchase.ts';
import { PAYMENT_UNSUCCESSFUL } from '../model/messages.ts';
import { PaymentErrorAlert } from './payment-error.tsx';
import { SaleNotice } from './sale-notice.tsx';
import { usePayByCard } from '../model/use-pay-by-card.ts';

/**
 * After the widget closed without a purchase (spec §4 "Closing the widget"): Ok retries through
 * the card payment provider, which sends the browser to its page; Cancel ends checkout.
 */
export function PaymentRetryDialog({ purchase, onCancel }: { purchase: CheckoutPurchase; onCancel: () => void }) {
  const sale = saleStateOf(useSaleStatus());
  const card = usePayByCard(purchase);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !card.busy && onCancel()}
      title={PAYMENT_UNSUCCESSFUL}
      description="Ok takes you to our card payment provider to pay by card."
    >
      <div className="checkout" data-testid="payment-retry">
        <SaleNotice sale={sale} />
        {card.error && <PaymentErrorAlert error={card.error} />}
        {card.leaving && <p className="checkout__leaving muted">Taking you to the payment page…</p>}
        <DialogActions>
          <Button variant="secondary" onClick={onCancel} disabled={card.busy}>
            Cancel
          </Button>
          <Button onClick={card.pay} disabled={sale !== 'open'} loading={card.busy}>
            Ok
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
