import type { MyAsset } from '@starport/schemas';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useListShip } from '../api/list-ship.ts';
import { expiresInDaysOf, fieldOfListingRefusal, priceProblem } from '../model/listing-form.ts';
import { PriceFields } from './price-fields.tsx';

type ListShipDialogProps = {
  /** the ship being listed; null: closed */
  asset: MyAsset | null;
  onClose: () => void;
  /** the API's sentence about the new listing */
  onListed: (msg: string) => void;
};

/**
 * Listing a ship (owned-assets.md §4.3): a confirmation first, since a listed ship cannot be
 * used in the game, then the price dialog with the fee and the net, then the post.
 */
export function ListShipDialog({ asset, onClose, onListed }: ListShipDialogProps) {
  return asset ? <OpenListShipDialog key={asset._id} asset={asset} onClose={onClose} onListed={onListed} /> : null;
}

function OpenListShipDialog({ asset, onClose, onListed }: ListShipDialogProps & { asset: MyAsset }) {
  const [step, setStep] = useState<'confirm' | 'price'>('confirm');
  const [price, setPrice] = useState('');
  const [expiry, setExpiry] = useState('');
  const list = useListShip();
  const errors = useFormErrors<'price'>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (errors.refuseIfAny({ price: priceProblem(price) })) return;
    list.mutate(
      { item: asset._id, price: price.trim(), expires_in_days: expiresInDaysOf(expiry) },
      {
        onSuccess: (answer) => {
          onListed(answer.msg);
          onClose();
        },
        onError: (error) =>
          errors.refuseFromServer(fieldOfListingRefusal(error, [[/price/i, 'price']]), messageOf(error)),
      },
    );
  };

  // One dialog for both steps, so focus goes back to the card's button however it ends.
  const confirming = step === 'confirm';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !list.isPending && onClose()}
      title={confirming ? 'List for sale' : 'Set your price'}
      description={
        confirming
          ? `List ${asset.name} for sale on the marketplace? While it is listed, the ship cannot be used in the game.`
          : `The price buyers pay for ${asset.name}. The marketplace keeps its fee when it sells.`
      }
    >
      {confirming ? (
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Not now
          </Button>
          <Button onClick={() => setStep('price')}>Continue</Button>
        </DialogActions>
      ) : (
        <form className="stack" onSubmit={submit} {...errors.formProps}>
          <FormAlert message={errors.formError} />
          <PriceFields
            price={price}
            onPrice={setPrice}
            error={errors.fieldErrors.price}
            expiry={{ value: expiry, onChange: setExpiry }}
            autoFocus
          />
          <DialogActions>
            <Button variant="secondary" onClick={onClose} disabled={list.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={list.isPending}>
              List for sale
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
