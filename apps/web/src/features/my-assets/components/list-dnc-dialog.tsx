import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useListDnc } from '../api/list-dnc.ts';
import { formatDnc } from '../model/labels.ts';
import {
  dncAmountOf,
  dncAmountProblem,
  expiresInDaysOf,
  fieldOfListingRefusal,
  priceProblem,
} from '../model/listing-form.ts';
import { PriceFields } from './price-fields.tsx';

type ListDncDialogProps = {
  open: boolean;
  /** the DNC free to list; null while it is being read, or `unreadable` when that failed */
  balance: number | null;
  unreadable?: boolean;
  onClose: () => void;
  onListed: (msg: string) => void;
};

type Field = 'dnc' | 'price';

/**
 * Listing DNC (owned-assets.md §5): an amount and a price for the lot, both non-zero, the amount
 * within the balance, checked here with the server's own sentences before anything is posted.
 * The listed DNC is held in escrow until the lot sells or the listing is cancelled.
 */
export function ListDncDialog({ open, ...props }: ListDncDialogProps) {
  return open ? <OpenListDncDialog {...props} /> : null;
}

function balanceText(balance: number | null, unreadable: boolean | undefined): string {
  if (unreadable) return 'Your DNC balance could not be loaded. Close this and try again.';
  if (balance === null) return 'Loading your DNC…';
  if (balance === 0) return 'You have no DNC free to list. DNC you buy, collect from penguins or redeem from codes can be sold here.';
  return `You have ${formatDnc(balance)} free to list. The DNC you list is held until it sells or you cancel the listing.`;
}

function OpenListDncDialog({ balance, unreadable, onClose, onListed }: Omit<ListDncDialogProps, 'open'>) {
  const [amount, setAmount] = useState('');
  const [price, setPrice] = useState('');
  const [expiry, setExpiry] = useState('');
  const list = useListDnc();
  const errors = useFormErrors<Field>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!balance) return;
    if (errors.refuseIfAny({ dnc: dncAmountProblem(amount, balance), price: priceProblem(price) })) return;
    list.mutate(
      { dnc: dncAmountOf(amount), price: price.trim(), expires_in_days: expiresInDaysOf(expiry) },
      {
        onSuccess: (answer) => {
          onListed(answer.msg);
          onClose();
        },
        onError: (error) =>
          errors.refuseFromServer(
            fieldOfListingRefusal<Field>(error, [
              [/price/i, 'price'],
              [/DNC/, 'dnc'],
            ]),
            messageOf(error),
          ),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !list.isPending && onClose()}
      title="List DNC for sale"
      description={<span data-testid="dnc-free-to-list">{balanceText(balance, unreadable)}</span>}
    >
      <form className="stack" onSubmit={submit} {...errors.formProps}>
        <FormAlert message={errors.formError} />
        <Input
          label="DNC to sell"
          name="dnc"
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={errors.fieldErrors.dnc}
        />
        <PriceFields
          label="Price for the lot (USD)"
          price={price}
          onPrice={setPrice}
          error={errors.fieldErrors.price}
          expiry={{ value: expiry, onChange: setExpiry }}
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={list.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={list.isPending} disabled={!balance}>
            List DNC
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
