import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { TopUpOrderStatus } from './top-up-order-status.tsx';

/**
 * After the widget's success closed the top-up (spec §4.8): the order as the server has it,
 * "Payment completed." once paid, and the balance read again.
 */
export default function TopUpSuccessDialog({ order, onClose }: { order: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Land credit top-up">
      <div className="checkout" data-testid="top-up-success">
        <TopUpOrderStatus code={order} />
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </DialogActions>
      </div>
    </Dialog>
  );
}
