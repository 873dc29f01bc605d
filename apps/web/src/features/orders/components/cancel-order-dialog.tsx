import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useCancelOrder } from '../api/cancel-order.ts';

type CancelOrderDialogProps = { code: string | null; onClose: () => void };

/** Asks before cancelling; the reserved items go back to the shop at once, so there is no undo. */
export function CancelOrderDialog({ code, onClose }: CancelOrderDialogProps) {
  const cancel = useCancelOrder();

  const close = () => {
    cancel.reset();
    onClose();
  };
  const confirm = () => {
    if (code) cancel.mutate(code, { onSuccess: close });
  };

  return (
    <Dialog
      open={code !== null}
      onOpenChange={(open) => !open && close()}
      title="Cancel order"
      description={`Cancel order ${code ?? ''}? The items reserved for you go back to the shop and this order can no longer be paid.`}
    >
      {cancel.isError && (
        <Alert tone="error" title="The order was not cancelled">
          {messageOf(cancel.error)}
        </Alert>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={close}>
          {cancel.isError ? 'Close' : 'Keep order'}
        </Button>
        {!cancel.isError && (
          <Button variant="danger" loading={cancel.isPending} onClick={confirm}>
            Cancel order
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
