import { isPaidOrderStatus } from '@starport/schemas/order-status';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { refreshLandCredit } from '../../../lib/land-credit.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { PAYMENT_UNSUCCESSFUL, TOP_UP_PAID } from '../model/messages.ts';
import { useOrderStatus } from '../model/use-order-status.ts';

type TopUpOrderStatusProps = {
  code: string;
  /** closes the notice or dialog it sits in, when it has a close of its own */
  onDismiss?: () => void;
};

/**
 * A top-up's order as the server has it, asked again while pending (the card provider's or the
 * widget's confirmation may arrive a few seconds after the player is back). "Payment completed."
 * only once the order is paid (spec §9): the browser's word is not the payment. Then the
 * land-credit balance is read again, as the server has credited it by then.
 */
export function TopUpOrderStatus({ code, onDismiss }: TopUpOrderStatusProps) {
  const queryClient = useQueryClient();
  const query = useOrderStatus(code);
  const status = query.data?.status;
  const paid = isPaidOrderStatus(status) && status !== 'refunded';

  useEffect(() => {
    if (paid) void refreshLandCredit(queryClient);
  }, [paid, queryClient]);

  if (query.isPending) return <LoadingBlock label="Checking your top-up…" />;
  if (query.isError) {
    const notFound = isApiError(query.error) && (query.error.status === 404 || query.error.status === 400);
    return (
      <Alert tone="error" title={notFound ? 'Order not found' : 'Sorry'} onDismiss={onDismiss}>
        <p>{messageOf(query.error)}</p>
        {!notFound && (
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }

  const order = query.data;
  if (paid) {
    return (
      <Alert tone="success" title={TOP_UP_PAID} onDismiss={onDismiss}>
        <p data-testid="top-up-order">Order {order.code}: your land credit has been added.</p>
      </Alert>
    );
  }
  if (order.status === 'refunded') {
    return (
      <Alert tone="info" title="Refunded" onDismiss={onDismiss}>
        Order {order.code} was refunded.
      </Alert>
    );
  }
  if (order.status === 'pending') {
    // Asked again every few seconds for two minutes (useOrderStatus); Check again asks after that.
    return (
      <div className="top-up-status" data-testid="top-up-waiting">
        <LoadingBlock label="Waiting for the payment confirmation…" />
        <p className="muted">
          Order {order.code}. This usually takes a few seconds. If you paid, your land credit is added as soon as the
          confirmation arrives.
        </p>
        <Button variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
          Check again
        </Button>
        {onDismiss && (
          <Button variant="secondary" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </div>
    );
  }
  return (
    <Alert tone="error" title={PAYMENT_UNSUCCESSFUL} onDismiss={onDismiss}>
      <p>
        Order {order.code} was not paid{order.status === 'expired' ? ' in time' : ''}. Nothing was added to your land
        credit.
      </p>
    </Alert>
  );
}
