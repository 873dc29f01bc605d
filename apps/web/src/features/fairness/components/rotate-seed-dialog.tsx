import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import type { SeedRotation } from '@starport/schemas';
import { useRotateSeed } from '../api/seed.ts';

type RotateSeedDialogProps = { open: boolean; onClose: () => void; onRotated: (result: SeedRotation) => void };

/** Asks first: a rotation cannot be undone, and the next box is drawn with a new server seed. */
export function RotateSeedDialog({ open, onClose, onRotated }: RotateSeedDialogProps) {
  const rotate = useRotateSeed();

  const close = () => {
    rotate.reset();
    onClose();
  };
  const confirm = () =>
    rotate.mutate(undefined, {
      onSuccess: (response) => {
        onRotated(response.data);
        close();
      },
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Rotate seed"
      description="Rotate your seed pair? Your current server seed is revealed so you can check the boxes it opened, and a new secret seed with a new hash starts at nonce 0."
    >
      {rotate.isError && (
        <Alert tone="error" title="The seed was not rotated">
          {messageOf(rotate.error)}
        </Alert>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={close}>
          {rotate.isError ? 'Close' : 'Keep this pair'}
        </Button>
        {!rotate.isError && (
          <Button loading={rotate.isPending} onClick={confirm}>
            Rotate seed
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
