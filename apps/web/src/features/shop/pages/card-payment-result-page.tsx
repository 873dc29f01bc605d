import type { Order } from '@starport/schemas';
import { isPaidOrderStatus } from '@starport/schemas/order-status';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { forgetCartOrder, isCartOrder } from '../../../lib/cart-order-marker.ts';
import { BoxOpenings } from '../../../components/box-openings/box-openings.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useAccountStore } from '../../../lib/account-store.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { clearCart, setCartOpen, useCartStore } from '../../../lib/cart-store.ts';
import { formatPrice } from '../../../lib/format.ts';
import { boxesStillOpening, useOrder } from '../../../lib/get-order.ts';
import './card-payment-result-page.css';

/** How often a pending order is asked again, and for how long, while the webhook is on its way. */
export const POLL_EVERY_MS = 2_000;
export const POLL_FOR_MS = 120_000;

// ORDER_CODE_PATTERN of packages/schemas/src/orders.ts; its module would bring zod into this page.
const ORDER_CODE = /^SP-[0-9A-HJKMNP-TV-Z]{10}$/i;
const UNSUCCESSFUL = 'Payment unsuccessful. Please try again.';

/**
 * /shop/stripe_payment/{result}?order={code}: where the card provider sends the player back.
 * The `result` in the address is only what the player did on the provider's page; the order's
 * status (set by the provider's webhook alone) decides what is shown. A success return may
 * arrive before the webhook, so a pending order is asked again every 2 s for up to 2 minutes.
 *
 * Not behind the route guard: the guard's redirect to / would lose the order code, while this
 * page can say what is missing and keep the address to come back to.
 */
export default function CardPaymentResultPage({ pollForMs = POLL_FOR_MS }: { pollForMs?: number }) {
  const { result = '' } = useParams();
  const [search] = useSearchParams();
  const code = (search.get('order') ?? '').trim();
  const loggedIn = useAccountStore((s) => s.status.loggedIn);

  let body;
  if (!ORDER_CODE.test(code)) {
    body = (
      <Alert tone="error" title="No order in this link">
        This address does not name an order. If you just paid, your purchase is safe: sign in and check{' '}
        <Link to={paths.myOrders.getHref()}>your orders</Link> later.
      </Alert>
    );
  } else if (!loggedIn) {
    body = (
      <Alert tone="info" title="Please sign in">
        <p>Sign in to see how the payment for order {code.toUpperCase()} went, then open this page again.</p>
        <Link to={paths.login.getHref()} className={buttonClass('primary')}>
          Sign in
        </Link>
      </Alert>
    );
  } else {
    body = <OrderState code={code.toUpperCase()} cancelled={result === 'cancel'} pollForMs={pollForMs} />;
  }

  return (
    <div className="page page--narrow card-result">
      <h1>Card payment</h1>
      {body}
    </div>
  );
}

function OrderState({ code, cancelled, pollForMs }: { code: string; cancelled: boolean; pollForMs: number }) {
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedTooLong(true), pollForMs);
    return () => clearTimeout(timer);
  }, [code, pollForMs]);

  const query = useOrder(code, {
    enabled: true,
    // A cancelled return does not wait: the player left the provider's page without paying. A
    // paid order is asked again until its boxes are open, so the page shows what they gave.
    refetchInterval: (order) => {
      const waiting = (order?.status === 'pending' && !cancelled) || (order !== undefined && boxesStillOpening(order));
      return waiting && !waitedTooLong ? POLL_EVERY_MS : false;
    },
  });
  const status = query.data?.data.status;
  // Any paid status: fulfilment may already have run (fulfilled), or the order was refunded since.
  const paid = isPaidOrderStatus(status);

  // The cart goes once the order that paid for it is paid, not when the provider sends us back.
  useEffect(() => {
    if (paid && isCartOrder(code)) {
      clearCart();
      forgetCartOrder();
    }
  }, [paid, code]);

  if (query.isPending) return <LoadingBlock label="Checking your order…" />;
  if (query.isError) {
    const error = query.error;
    if (isApiError(error) && (error.status === 404 || error.status === 400)) {
      return (
        <Alert tone="error" title="Order not found">
          <p>{error.msg}</p>
          <p>We found no order {code} in your account. Check that you are signed in with the account you paid with.</p>
        </Alert>
      );
    }
    return (
      <Alert tone="error" title="Sorry">
        <p>{messageOf(error)}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const order = query.data.data;
  if (order.status === 'refunded') {
    return (
      <Alert tone="info" title="Refunded">
        Order {order.code} was refunded.
      </Alert>
    );
  }
  if (paid) return <Purchased order={order} />;
  if (order.status === 'pending' && !cancelled) {
    return waitedTooLong ? (
      <Alert tone="warning" title="Still waiting for the payment confirmation">
        <p>
          The card provider has not confirmed the payment of order {order.code} yet. If you paid, it will be
          delivered as soon as the confirmation arrives: check <Link to={paths.myOrders.getHref()}>your orders</Link>{' '}
          later.
        </p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Check again
        </Button>
      </Alert>
    ) : (
      <div className="card-result__waiting" data-testid="card-result-waiting">
        <LoadingBlock label="Waiting for the payment confirmation…" />
        <p className="muted">Order {order.code}. This usually takes a few seconds; please keep this page open.</p>
      </div>
    );
  }
  return <Unsuccessful order={order} />;
}

function Purchased({ order }: { order: Order }) {
  return (
    <Alert tone="success" title="Item purchased successfully.">
      <p>
        Order <strong data-testid="card-result-code">{order.code}</strong>
      </p>
      <ul className="card-result__lines">
        {order.lines.map((line) => (
          <li key={`${line.object}:${line.id}`} data-testid="card-result-line">
            {line.name} × {line.total} <span className="muted">{formatPrice(line.sell_price)} each</span>
            <BoxOpenings line={line} paid />
          </li>
        ))}
      </ul>
      {order.discount > 0 && (
        <p>
          Volume discount ({order.discount_percent}%): −{formatPrice(order.discount)}
        </p>
      )}
      <p>
        Total paid <strong data-testid="card-result-total">{formatPrice(order.total)}</strong>
      </p>
      <Link to={paths.shop.getHref()} className={buttonClass('secondary')}>
        Back to the shop
      </Link>
    </Alert>
  );
}

function Unsuccessful({ order }: { order: Order }) {
  const cartHasItems = useCartStore((s) => s.itemsOnCart.length > 0);
  // One ship bought from its own page: its page is where BUY NOW can be pressed again.
  const single = order.lines.length === 1 && order.lines[0]!.object === 'spaceship' ? order.lines[0]! : null;
  return (
    <Alert tone="error" title={UNSUCCESSFUL}>
      <p>Order {order.code} was not paid{order.status === 'expired' ? ' in time' : ''}.</p>
      <div className="card-result__actions">
        {single && (
          <Link to={paths.shopItem.getHref(single.id)} className={buttonClass('primary')}>
            Back to {single.name}
          </Link>
        )}
        {cartHasItems && <Button onClick={() => setCartOpen(true)}>Open your cart</Button>}
        <Link to={paths.shop.getHref()} className={buttonClass('secondary')}>
          Back to the shop
        </Link>
      </div>
    </Alert>
  );
}
