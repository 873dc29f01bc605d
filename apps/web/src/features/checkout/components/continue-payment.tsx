import type { Order, WidgetSession } from '@starport/schemas';
import { CART_OBJECTS, type CartObjectName } from '@starport/schemas/cart-constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { ordersKeys } from '../../../lib/get-order.ts';
import { continuePayment } from '../api/continue-payment.ts';
import type { CheckoutPurchase } from '../model/checkout-purchase.ts';
import { leaveForPayment } from '../model/leave-for-payment.ts';
import { showPurchaseSuccess, showTopUpSuccess } from '../model/purchase-outcome.ts';
import './continue-payment.css';

const WidgetDialog = lazy(() => import('./widget-dialog.tsx'));

/** The order as Continue payment needs it: its code, and its lines for the widget's dialog. */
export type ContinuableOrder = Pick<Order, 'code' | 'lines'>;

/**
 * "Continue payment" of a pending order (My Orders, and a reserved item's page for its buyer):
 * the same order and stock hold, paid the way it was started. A card order goes back to its
 * checkout page (a declined card leaves it open); a widget order opens the widget again.
 */
export function ContinuePayment({ order }: { order: ContinuableOrder }) {
  const queryClient = useQueryClient();
  const [widget, setWidget] = useState<WidgetSession | null>(null);
  const [leaving, setLeaving] = useState(false);
  const resume = useMutation({
    mutationFn: () => continuePayment(order.code),
    onSuccess: (answer) => {
      if (answer.method === 'card') {
        setLeaving(true);
        leaveForPayment(answer.data);
      } else setWidget(answer.session);
    },
    // A 409 means the order changed since the list was read (paid, expired…): read it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
  const purchase = purchaseOf(order);
  const ended = () => {
    setWidget(null);
    void queryClient.invalidateQueries({ queryKey: ordersKeys.all });
  };

  return (
    <span className="continue-payment">
      <Button onClick={() => resume.mutate()} loading={resume.isPending || leaving} data-testid="continue-payment">
        Continue payment
      </Button>
      {resume.error && <Alert tone="error">{messageOf(resume.error)}</Alert>}
      {widget && (
        <Suspense fallback={null}>
          <WidgetDialog
            session={widget}
            purchase={purchase}
            onSucceeded={() => {
              if (purchase.kind === 'land_credit') showTopUpSuccess(widget.tid);
              else showPurchaseSuccess(widget.tid);
              ended();
            }}
            onEnded={ended}
          />
        </Suspense>
      )}
    </span>
  );
}

/** A top-up's one order line (the schema's ORDER_LINE_OBJECTS); compared as text, the list is the API's. */
const TOP_UP_LINE = 'land_credit';

const isCartObject = (object: string): object is CartObjectName => (CART_OBJECTS as readonly string[]).includes(object);

/**
 * What the widget's dialog is told it pays for: a listing as a listing (the detail page's
 * widget), a land-credit top-up as one (its reports and "Payment completed."); anything else as
 * the cart it was bought from.
 */
function purchaseOf(order: ContinuableOrder): CheckoutPurchase {
  const [first] = order.lines;
  if (order.lines.length === 1 && first && (first.object as string) === TOP_UP_LINE) {
    return { kind: 'land_credit', quantity: first.total, usdPerCredit: first.sell_price };
  }
  if (order.lines.length === 1 && first?.object === 'listing') {
    const { id, name, sell_price, sell_price_micro } = first;
    return { kind: 'listing', listing: { id, name, sell_price, sell_price_micro } };
  }
  return {
    kind: 'cart',
    items: order.lines.flatMap((l) =>
      isCartObject(l.object)
        ? [
            {
              _id: l.id,
              object: l.object,
              code: l.object,
              name: l.name,
              image: '',
              rarity: null,
              type: null,
              sell_price: l.sell_price,
              price: l.sell_price,
              soldout: false,
              total: l.total,
            },
          ]
        : [],
    ),
  };
}
