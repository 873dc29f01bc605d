import type { MyListing } from '@starport/schemas';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useChangeListingPrice } from '../api/change-listing-price.ts';
import { formatMicro, listingTitle } from '../model/labels.ts';
import { fieldOfListingRefusal, priceProblem } from '../model/listing-form.ts';
import { PriceFields } from './price-fields.tsx';

type ChangePriceDialogProps = {
  listing: MyListing | null;
  onClose: () => void;
  onChanged: (msg: string) => void;
};

/**
 * A new price for an open listing, with the same fee and net preview. A buyer's checkout may
 * take hold of the listing meanwhile: the server's 409 sentence is shown in the dialog.
 */
export function ChangePriceDialog({ listing, onClose, onChanged }: ChangePriceDialogProps) {
  return listing ? (
    <OpenChangePriceDialog key={listing._id} listing={listing} onClose={onClose} onChanged={onChanged} />
  ) : null;
}

function OpenChangePriceDialog({ listing, onClose, onChanged }: ChangePriceDialogProps & { listing: MyListing }) {
  const [price, setPrice] = useState('');
  const change = useChangeListingPrice();
  const errors = useFormErrors<'price'>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (errors.refuseIfAny({ price: priceProblem(price) })) return;
    change.mutate(
      { id: listing._id, price: price.trim() },
      {
        onSuccess: (answer) => {
          onChanged(answer.msg);
          onClose();
        },
        onError: (error) =>
          errors.refuseFromServer(fieldOfListingRefusal(error, [[/price/i, 'price']]), messageOf(error)),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !change.isPending && onClose()}
      title="Change price"
      description={`${listingTitle(listing)} is listed at ${formatMicro(listing.price_micro)}. Enter the new price buyers pay.`}
    >
      <form className="stack" onSubmit={submit} {...errors.formProps}>
        <FormAlert message={errors.formError} />
        <PriceFields label="New price (USD)" price={price} onPrice={setPrice} error={errors.fieldErrors.price} />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
            Keep the price
          </Button>
          <Button type="submit" loading={change.isPending}>
            Change price
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
