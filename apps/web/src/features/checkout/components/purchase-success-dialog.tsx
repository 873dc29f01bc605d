import type { OrderStatus } from '@starport/schemas';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { BoxOpenings } from '../../../components/box-openings/box-openings.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { useOrderStatus } from '../model/use-order-status.ts';
import { ITEM_PURCHASED } from '../model/messages.ts';

/** What the server says about the order, in words that claim no more than its status. */
const STATUS_TEXT: Record<OrderStatus, string> = {
  pending: 'waiting for the payment provider to confirm the payment',
  paid: 'paid',
  fulfilled: 'paid and fulfilled',
  expired: 'not paid (expired)',
  failed: 'not paid (the payment failed)',
  cancelled: 'not paid (cancelled)',
  refunded: 'refunded',
};

/**
 * 'Item purchased successfully.' (spec §4) after the widget's success, with the order code and
 * the order's state as the server has it: the widget's word is not the payment's confirmation.
 */
export default function PurchaseSuccessDialog({ order, onClose }: { order: string; onClose: () => void }) {
  const status = useOrderStatus(order);
  let state: string;
  if (status.isPending) state = 'checking…';
  else if (status.isError) state = 'could not be checked just now; My orders shows it';
  else state = STATUS_TEXT[status.data.status];
  const paid = status.data?.status === 'paid' || status.data?.status === 'fulfilled';
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={ITEM_PURCHASED}>
      <div className="checkout" data-testid="purchase-success">
        <p className="checkout__what">
          Order <strong data-testid="purchase-order">{order}</strong>:{' '}
          <span data-testid="purchase-order-status" data-status={status.data?.status ?? ''}>
            {state}
          </span>
        </p>
        {paid &&
          status.data!.lines
            .filter((line) => line.object === 'blindbox')
            .map((line) => (
              <div key={line.id}>
                <p className="checkout__what">
                  {line.name} × {line.total}
                </p>
                <BoxOpenings line={line} paid />
              </div>
            ))}
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Link to={paths.myOrders.getHref()} className={buttonClass('primary')} onClick={onClose}>
            View order
          </Link>
        </DialogActions>
      </div>
    </Dialog>
  );
}
