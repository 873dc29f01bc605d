import type { MyListing } from '@starport/schemas';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { messageOf } from '../../../lib/api-error.ts';
import { useCancelListing } from '../api/cancel-listing.ts';
import { listingTitle } from '../model/labels.ts';

type CancelListingDialogProps = {
  listing: MyListing | null;
  onClose: () => void;
  onCancelled: (msg: string) => void;
};

/** Where a cancelled listing's item goes, said before the player confirms. */
const returnsTo = (listing: MyListing): string =>
  listing.kind === 'dnc'
    ? 'The DNC goes back to your balance.'
    : 'The ship goes back to your hangar and can be used in the game again.';

/** Asks before taking a listing off the marketplace; a buyer's checkout holding it makes the server refuse (409). */
export function CancelListingDialog({ listing, onClose, onCancelled }: CancelListingDialogProps) {
  const cancel = useCancelListing();

  const close = () => {
    cancel.reset();
    onClose();
  };
  const confirm = () => {
    if (!listing) return;
    cancel.mutate(listing._id, {
      onSuccess: (answer) => {
        onCancelled(answer.msg);
        close();
      },
    });
  };

  return (
    <Dialog
      open={listing !== null}
      onOpenChange={(open) => !open && !cancel.isPending && close()}
      title="Cancel listing"
      description={listing ? `Take ${listingTitle(listing)} off the marketplace? ${returnsTo(listing)}` : undefined}
    >
      {cancel.isError && (
        <Alert tone="error" title="The listing was not cancelled">
          {messageOf(cancel.error)}
        </Alert>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
          {cancel.isError ? 'Close' : 'Keep listing'}
        </Button>
        {!cancel.isError && (
          <Button variant="danger" loading={cancel.isPending} onClick={confirm}>
            Cancel listing
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
