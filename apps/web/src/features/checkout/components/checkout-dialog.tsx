// The one dialog for cart, shop item, listing and land-credit top-up, with its three ways to pay side by side.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { clearCart, setCartOpen, useCartStore } from '../../../lib/cart-store.ts';
import { useCartPrice, type PricedLine } from '../../../lib/cart-price.ts';
import { refreshLandCredit } from '../../../lib/land-credit.ts';
import { marketplaceKeys } from '../../../lib/marketplace-keys.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import type { WidgetSession } from '@starport/schemas';
import { saleStateOf, useSaleStatus } from '../api/get-sale-status.ts';
import {
  isPricedPurchase,
  nameOf,
  pricedLinesOf,
  type CheckoutItem,
  type CheckoutListing,
  type CheckoutPurchase,
} from '../model/checkout-purchase.ts';
import { CheckoutPrice } from './checkout-price.tsx';
import { CryptoChoice, useCryptoAvailability } from './crypto-choice.tsx';
import type { CryptoPaymentRun } from '../model/crypto-flow.ts';
import { CryptoPaymentDialog } from './crypto-payment-dialog.tsx';
import { startCryptoPayment } from '../model/crypto-start.ts';
import { SALES_CLOSED_MSG, SALE_UNKNOWN_MSG } from '../model/messages.ts';
import { PaymentErrorAlert } from './payment-error.tsx';
import { PaymentRetryDialog } from './payment-retry-dialog.tsx';
import { showPurchaseSuccess, showTopUpSuccess } from '../model/purchase-outcome.ts';
import { usePayByCard } from '../model/use-pay-by-card.ts';
import { WidgetNotice } from './widget-notice.tsx';
import './checkout-dialog.css';

// The widget dialog, and through it the widget's initializer, load when PROCEED is pressed.
const WidgetDialog = lazy(() => import('./widget-dialog.tsx'));

export type { CheckoutItem, CheckoutListing, CheckoutPurchase };

type CheckoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  purchase: CheckoutPurchase;
  /**
   * Offer "Cryptocurrency" (spec §2 "Credit / Debit Card or Cryptocurrency"): the pages that
   * sell (the cart, a shop item, a marketplace listing) do. It reads the chain configuration,
   * and shows disabled when the server takes no crypto payments.
   */
  payWithCrypto?: boolean;
};

/** Spec §2: the card choice goes to the card payment provider (default) or the fiat-to-crypto widget. */
type CardProvider = 'card-provider' | 'widget';
type Method = 'card' | 'crypto';

/**
 * Where checkout is (spec §4): choosing how to pay, the widget's notice, the widget, the
 * retry offered after the widget closed without a purchase, or a crypto payment under way.
 */
type Stage =
  | { name: 'choose' }
  | { name: 'notice' }
  | { name: 'widget'; session: WidgetSession }
  | { name: 'retry' }
  | { name: 'crypto'; run: CryptoPaymentRun };

const itemCount = (lines: PricedLine[]): string => {
  const n = lines.reduce((sum, line) => sum + line.total, 0);
  return `${n} ${n === 1 ? 'item' : 'items'}`;
};

/**
 * The checkout dialog (storefront.md §2, §4): the price in USD as the server computes it (a
 * marketplace listing: its sale price) and the way to pay. "Credit / Debit Card" goes either
 * to the card provider ("Pay by card": the order opens and the browser leaves for the
 * provider's hosted page; the shop cart's stock is checked first) or to the fiat-to-crypto
 * widget (its notice, then the widget on this page). The shop cart, a shop item's page, a
 * marketplace item's page and the land-credit top-up ("Buy {n} Land Credit") all check out
 * here. "Cryptocurrency" pays from the player's linked wallet (crypto-flow.ts), in a dialog of
 * its own.
 */
export default function CheckoutDialog({ open, onOpenChange, purchase, payWithCrypto }: CheckoutDialogProps) {
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ name: 'choose' });
  const close = () => onOpenChange(false);
  const afterPurchase = () => {
    close();
    // Spec §4: the cart empties after a purchase (a detail page's item is not the cart).
    if (purchase.kind === 'cart') {
      clearCart();
      setCartOpen(false);
    }
    // A bought listing has left the marketplace: its page and the lists say so once asked again.
    if (purchase.kind === 'listing') void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all });
    // Spec §4.8: the balance is read again (once more when the order is seen paid: top-up-order-status.tsx).
    if (purchase.kind === 'land_credit') void refreshLandCredit(queryClient);
  };

  if (!open) return null;
  switch (stage.name) {
    case 'notice':
      return (
        <WidgetNotice
          purchase={purchase}
          onProceed={(session) => setStage({ name: 'widget', session })}
          onBack={() => setStage({ name: 'choose' })}
          onCancel={close}
        />
      );
    case 'widget':
      return (
        <Suspense fallback={null}>
          <WidgetDialog
            session={stage.session}
            purchase={purchase}
            onSucceeded={() => {
              if (purchase.kind === 'land_credit') showTopUpSuccess(stage.session.tid);
              else showPurchaseSuccess(stage.session.tid);
              afterPurchase();
            }}
            onEnded={() => {
              // Spec §4, §4.8: a cart that still holds items, a detail page or a top-up is offered the card provider.
              const retry = purchase.kind !== 'cart' || useCartStore.getState().itemsOnCart.length > 0;
              if (retry) setStage({ name: 'retry' });
              else close();
            }}
          />
        </Suspense>
      );
    case 'retry':
      return <PaymentRetryDialog purchase={purchase} onCancel={close} />;
    case 'crypto':
      return <CryptoPaymentDialog run={stage.run} onBack={() => setStage({ name: 'choose' })} onClose={close} />;
    default:
      return (
        <ChoosePayment
          purchase={purchase}
          onOpenChange={onOpenChange}
          onWidget={() => setStage({ name: 'notice' })}
          onCrypto={
            payWithCrypto
              ? () => setStage({ name: 'crypto', run: startCryptoPayment(purchase, queryClient, afterPurchase) })
              : null
          }
        />
      );
  }
}

type ChoosePaymentProps = {
  purchase: CheckoutPurchase;
  onOpenChange: (open: boolean) => void;
  onWidget: () => void;
  /** null: this page does not offer cryptocurrency */
  onCrypto: (() => void) | null;
};

function ChoosePayment({ purchase, onOpenChange, onWidget, onCrypto }: ChoosePaymentProps) {
  // A listing or a top-up is not priced by the cart's pricing call (it takes neither): no lines, no call.
  const lines = isPricedPurchase(purchase) ? pricedLinesOf(purchase) : [];
  const price = useCartPrice(lines);
  const sale = saleStateOf(useSaleStatus());
  const card = usePayByCard(purchase);
  const [method, setMethod] = useState<Method>('card');
  const [provider, setProvider] = useState<CardProvider>('card-provider');
  const crypto = useCryptoAvailability(onCrypto !== null);

  const priced =
    !isPricedPurchase(purchase) || (price.data !== undefined && !price.isError && !price.isPlaceholderData);
  const payingCrypto = method === 'crypto' && onCrypto !== null;
  const canPay = sale === 'open' && priced && (!payingCrypto || crypto === 'available');
  const action = payingCrypto
    ? { label: 'Pay with cryptocurrency', run: onCrypto }
    : provider === 'widget'
      ? { label: 'Pay with Wert', run: onWidget }
      : { label: 'Pay by card', run: card.pay };

  return (
    <Dialog open onOpenChange={onOpenChange} title="Checkout">
      <div className="checkout" data-testid="checkout-dialog">
        <p className="checkout__what">
          {purchase.kind === 'cart' ? `Your cart: ${itemCount(lines)}` : nameOf(purchase)}
        </p>
        <CheckoutPrice purchase={purchase} price={price} />

        <fieldset className="checkout__choice">
          <legend>Payment method</legend>
          <label>
            <input
              type="radio"
              name="checkout-method"
              value="card"
              checked={method === 'card'}
              onChange={() => setMethod('card')}
            />{' '}
            Credit / Debit Card
          </label>
          {crypto !== 'off' && (
            <CryptoChoice availability={crypto} checked={method === 'crypto'} onChoose={() => setMethod('crypto')} />
          )}
        </fieldset>
        {method === 'card' && (
          <fieldset className="checkout__choice">
            <legend>Pay with</legend>
            <label>
              <input
                type="radio"
                name="checkout-card-provider"
                value="card-provider"
                checked={provider === 'card-provider'}
                onChange={() => setProvider('card-provider')}
              />{' '}
              Card payment provider
            </label>
            <label>
              <input
                type="radio"
                name="checkout-card-provider"
                value="widget"
                checked={provider === 'widget'}
                onChange={() => setProvider('widget')}
              />{' '}
              Wert (fiat-to-crypto widget)
            </label>
          </fieldset>
        )}

        {sale === 'closed' && (
          <Alert tone="warning" title="Sales are closed">
            {SALES_CLOSED_MSG}
          </Alert>
        )}
        {sale === 'unknown' && <Alert tone="warning">{SALE_UNKNOWN_MSG}</Alert>}
        {card.error && <PaymentErrorAlert error={card.error} />}
        {card.leaving && <p className="checkout__leaving muted">Taking you to the payment page…</p>}

        <DialogActions>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={card.leaving}>
            Cancel
          </Button>
          <Button onClick={action.run} disabled={!canPay} loading={card.busy}>
            {action.label}
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
