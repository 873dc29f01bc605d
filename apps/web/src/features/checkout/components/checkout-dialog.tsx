// Just over 300 lines: the one dialog for cart, shop item and listing, with its three ways to pay side by side.
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { messageOf } from '../../../lib/api-error.ts';
import { clearCart, setCartOpen, useCartStore } from '../../../lib/cart-store.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useCartPrice, type PricedLine } from '../../../lib/cart-price.ts';
import { marketplaceKeys } from '../../../lib/marketplace-keys.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { WidgetSession } from '@starport/schemas';
import { saleStateOf, useSaleStatus } from '../api/get-sale-status.ts';
import {
  isDetailPage,
  pricedLinesOf,
  type CheckoutItem,
  type CheckoutListing,
  type CheckoutPurchase,
} from '../model/checkout-purchase.ts';
import { CryptoChoice, useCryptoAvailability } from './crypto-choice.tsx';
import type { CryptoPaymentRun } from '../model/crypto-flow.ts';
import { CryptoPaymentDialog } from './crypto-payment-dialog.tsx';
import { startCryptoPayment } from '../model/crypto-start.ts';
import { SALES_CLOSED_MSG, SALE_UNKNOWN_MSG } from '../model/messages.ts';
import { PaymentErrorAlert } from './payment-error.tsx';
import { PaymentRetryDialog } from './payment-retry-dialog.tsx';
import { showPurchaseSuccess } from '../model/purchase-outcome.ts';
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

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * The checkout dialog (storefront.md §2, §4): the price in USD as the server computes it (a
 * marketplace listing: its sale price) and the way to pay. "Credit / Debit Card" goes either
 * to the card provider ("Pay by card": the order opens and the browser leaves for the
 * provider's hosted page; the shop cart's stock is checked first) or to the fiat-to-crypto
 * widget (its notice, then the widget on this page). The shop cart, a shop item's page and a
 * marketplace item's page all check out here. "Cryptocurrency" pays from the player's linked
 * wallet (crypto-flow.ts), in a dialog of its own.
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
              showPurchaseSuccess(stage.session.tid);
              afterPurchase();
            }}
            onEnded={() => {
              // Spec §4: a cart that still holds items, or a detail page, is offered the card provider.
              const retry = isDetailPage(purchase) || useCartStore.getState().itemsOnCart.length > 0;
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
  // A listing is not priced by the cart's pricing call (it takes no listings): no lines, no call.
  const lines = purchase.kind === 'listing' ? [] : pricedLinesOf(purchase);
  const price = useCartPrice(lines);
  const sale = saleStateOf(useSaleStatus());
  const card = usePayByCard(purchase);
  const [method, setMethod] = useState<Method>('card');
  const [provider, setProvider] = useState<CardProvider>('card-provider');
  const crypto = useCryptoAvailability(onCrypto !== null);

  const priced =
    purchase.kind === 'listing' || (price.data !== undefined && !price.isError && !price.isPlaceholderData);
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

const nameOf = (purchase: Exclude<CheckoutPurchase, { kind: 'cart' }>): string =>
  purchase.kind === 'item' ? purchase.item.name : purchase.listing.name;

/**
 * The total the server will charge, with the volume discount and the struck listed price when
 * there is one. A single item shows its listed sale price until the server's figure arrives.
 * A marketplace listing is charged its sale price, one item with no discount: that figure.
 */
function CheckoutPrice({ purchase, price }: { purchase: CheckoutPurchase; price: ReturnType<typeof useCartPrice> }) {
  if (purchase.kind === 'listing') {
    return (
      <p className="checkout__price" data-testid="checkout-price">
        <strong>{formatPrice(purchase.listing.sell_price)}</strong>
      </p>
    );
  }
  if (price.isError) {
    // Spec §8 "Price fetch error": title Sorry with the server's message.
    return (
      <Alert tone="error" title="Sorry">
        <p>{messageOf(price.error)}</p>
        <Button variant="secondary" onClick={() => void price.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const summary = price.data && !price.isPlaceholderData ? price.data.data : null;
  if (!summary) {
    return purchase.kind === 'item' ? (
      <p className="checkout__price" data-testid="checkout-price" aria-busy="true">
        <strong>{formatPrice(purchase.item.sell_price)}</strong> <span className="muted">checking…</span>
      </p>
    ) : (
      <Spinner label="Checking prices…" />
    );
  }
  return (
    <div className="checkout__price-block">
      {summary.discountPercent > 0 && (
        <p className="checkout__discount" data-testid="checkout-discount">
          Volume discount ({percent.format(summary.discountPercent)}%): −{formatPrice(summary.discount)}
        </p>
      )}
      <p className="checkout__price" data-testid="checkout-price">
        {summary.basePrice > summary.priceTotal && (
          <s className="checkout__listed">
            <span className="sr-only">Listed price </span>
            {formatPrice(summary.basePrice)}
          </s>
        )}{' '}
        <strong>{formatPrice(summary.priceTotal)}</strong>
      </p>
    </div>
  );
}
