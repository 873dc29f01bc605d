import type { CartObjectName } from '@starport/schemas/cart-constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { messageOf } from '../../lib/api-error.ts';
import type { CartItem } from '../../lib/cart-store.ts';
import { formatPrice } from '../../lib/format.ts';
import { useCartPrice, type PricedLine } from '../cart/get-cart-price.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { buyByCard, CARD_PAYMENT_TYPE, type BuyByCardResponse } from './api/buy-by-card.ts';
import { saleStateOf, useSaleStatus } from './api/get-sale-status.ts';
import { validateStock, type PaymentLine } from './api/validate-stock.ts';
import { rememberCartOrder } from './cart-order-marker.ts';
import { leaveForPayment } from './leave-for-payment.ts';
import { SALES_CLOSED_MSG, SALE_UNKNOWN_MSG } from './messages.ts';
import './checkout-dialog.css';

/** One shop item bought from its own page. */
export type CheckoutItem = { id: string; object: CartObjectName; name: string; sell_price: number };

/** What is being paid for: the whole cart, or one item from its page. */
export type CheckoutPurchase = { kind: 'cart'; items: CartItem[] } | { kind: 'item'; item: CheckoutItem };

type CheckoutDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  purchase: CheckoutPurchase;
};

/** Which step failed decides the title (spec §8): the shop's stock check or the card payment. */
class CheckoutStepError extends Error {
  constructor(
    readonly step: 'stock' | 'buy',
    readonly original: unknown,
  ) {
    super(messageOf(original));
  }
}

const itemCount = (lines: PricedLine[]): string => {
  const n = lines.reduce((sum, line) => sum + line.total, 0);
  return `${n} ${n === 1 ? 'item' : 'items'}`;
};

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const pricedLinesOf = (purchase: CheckoutPurchase): PricedLine[] =>
  purchase.kind === 'cart'
    ? purchase.items
    : [{ _id: purchase.item.id, object: purchase.item.object, total: 1 }];

const paymentLinesOf = (lines: PricedLine[]): PaymentLine[] =>
  lines.map(({ _id, object, total }) => ({ id: _id, total, object }));

/**
 * The checkout dialog (storefront.md §2, §4): the price in USD as the server computes it, the
 * way to pay, and "Pay by card", which opens the order and sends the browser to the card
 * provider. The shop cart's stock is checked first. Payment choices that do not work yet
 * (crypto, the fiat-to-crypto widget) are left out rather than shown dead.
 */
export default function CheckoutDialog({ open, onOpenChange, purchase }: CheckoutDialogProps) {
  const queryClient = useQueryClient();
  const lines = pricedLinesOf(purchase);
  const price = useCartPrice(lines);
  const sale = saleStateOf(useSaleStatus());
  // After a successful buy the page is about to unload: keep the button busy until it does.
  const [leaving, setLeaving] = useState(false);

  const pay = useMutation<BuyByCardResponse, CheckoutStepError>({
    mutationFn: async () => {
      const ids = paymentLinesOf(lines);
      if (purchase.kind === 'cart') {
        await validateStock(ids).catch((error: unknown) => {
          throw new CheckoutStepError('stock', error);
        });
        const answer = await buyByCard({ ids, type: CARD_PAYMENT_TYPE }).catch((error: unknown) => {
          throw new CheckoutStepError('buy', error);
        });
        rememberCartOrder(answer.order);
        return answer;
      }
      return buyByCard({ type: CARD_PAYMENT_TYPE, items: ids }).catch((error: unknown) => {
        throw new CheckoutStepError('buy', error);
      });
    },
    onSuccess: (answer) => {
      setLeaving(true);
      leaveForPayment(answer.data);
    },
    onError: (error) => {
      // Stock moved since the cart was priced: show the sold-out flags the server now reports.
      if (isApiError(error.original) && error.original.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ['cart', 'price'] });
      }
    },
  });

  const canPay = sale === 'open' && price.data !== undefined && !price.isError && !price.isPlaceholderData;

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Checkout">
      <div className="checkout" data-testid="checkout-dialog">
        <p className="checkout__what">
          {purchase.kind === 'item' ? purchase.item.name : `Your cart: ${itemCount(lines)}`}
        </p>
        <CheckoutPrice purchase={purchase} price={price} />

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
        {pay.error && (
          <Alert
            tone="error"
            title={pay.error.step === 'stock' && !isNetworkFailure(pay.error.original) ? 'Something went wrong!' : 'Sorry'}
          >
            {pay.error.message}
          </Alert>
        )}
        {leaving && <p className="checkout__leaving muted">Taking you to the payment page…</p>}

        <DialogActions>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={leaving}>
            Cancel
          </Button>
          <Button onClick={() => pay.mutate()} disabled={!canPay} loading={pay.isPending || leaving}>
            Pay by card
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}

const isNetworkFailure = (error: unknown): boolean => isApiError(error) && error.status === 0;

/**
 * The total the server will charge, with the volume discount and the struck listed price when
 * there is one. A single item shows its listed sale price until the server's figure arrives.
 */
function CheckoutPrice({ purchase, price }: { purchase: CheckoutPurchase; price: ReturnType<typeof useCartPrice> }) {
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
        <strong>{formatPrice(purchase.item.sell_price)}</strong> <span className="muted">USD · checking…</span>
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
        <strong>{formatPrice(summary.priceTotal)}</strong> <span className="muted">USD</span>
      </p>
    </div>
  );
}
