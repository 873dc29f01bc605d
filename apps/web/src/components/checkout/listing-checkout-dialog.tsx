import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPrice } from '../../lib/format.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { buyListingByCard, type BuyByCardResponse } from './api/buy-by-card.ts';
import { saleStateOf, useSaleStatus } from './api/get-sale-status.ts';
import { leaveForPayment } from './leave-for-payment.ts';
import { SALES_CLOSED_MSG, SALE_UNKNOWN_MSG } from './messages.ts';
import { httpStatusOf, PaymentErrorAlert, stepOf, type PaymentStepError } from './payment-error.tsx';
import './checkout-dialog.css';

/** A marketplace listing bought from its detail page: what the page shows of it. */
export type CheckoutListing = { id: string; name: string; sell_price: number };

type ListingCheckoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  listing: CheckoutListing;
};

/**
 * Checkout of one marketplace listing (docs/decisions/0018): its sale price in USD — one item,
 * so no volume discount and no cart pricing call — and "Pay by card", which reserves the
 * listing in an order (POST /api/stripe/buy with the listing line) and sends the browser to
 * the card provider. Only the card provider: the widget and crypto paths do not take a
 * marketplace item yet. The server's refusals are shown as they come (409 no longer for sale,
 * 403 your own listing or sales closed).
 */
export default function ListingCheckoutDialog({ open, onOpenChange, listing }: ListingCheckoutDialogProps) {
  const queryClient = useQueryClient();
  const sale = saleStateOf(useSaleStatus());
  // After a successful buy the page is about to unload: stay busy until it does.
  const [leaving, setLeaving] = useState(false);

  const pay = useMutation<BuyByCardResponse, PaymentStepError>({
    mutationFn: () => stepOf('buy', buyListingByCard(listing.id)),
    onSuccess: (answer) => {
      setLeaving(true);
      leaveForPayment(answer.data);
    },
    onError: (error) => {
      // Taken by someone else (409) or sales closed (403): the page shows what the server now says.
      const status = httpStatusOf(error);
      if (status === 409) void queryClient.invalidateQueries({ queryKey: ['marketplace', 'item', listing.id] });
      if (status === 403) void queryClient.invalidateQueries({ queryKey: ['site', 'setting'] });
    },
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Checkout">
      <div className="checkout" data-testid="checkout-dialog">
        <p className="checkout__what">{listing.name}</p>
        <p className="checkout__price" data-testid="checkout-price">
          <strong>{formatPrice(listing.sell_price)}</strong> <span className="muted">USD</span>
        </p>

        <fieldset className="checkout__choice">
          <legend>Payment method</legend>
          <label>
            <input type="radio" name="checkout-method" value="card" checked readOnly /> Credit / Debit Card
          </label>
        </fieldset>
        <fieldset className="checkout__choice">
          <legend>Pay with</legend>
          <label>
            <input type="radio" name="checkout-card-provider" value="card-provider" checked readOnly /> Card payment
            provider
          </label>
        </fieldset>

        {sale === 'closed' && (
          <Alert tone="warning" title="Sales are closed">
            {SALES_CLOSED_MSG}
          </Alert>
        )}
        {sale === 'unknown' && <Alert tone="warning">{SALE_UNKNOWN_MSG}</Alert>}
        {pay.error && <PaymentErrorAlert error={pay.error} />}
        {leaving && <p className="checkout__leaving muted">Taking you to the payment page…</p>}

        <DialogActions>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={leaving}>
            Cancel
          </Button>
          <Button onClick={() => pay.mutate()} disabled={sale !== 'open'} loading={pay.isPending || leaving}>
            Pay by card
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
