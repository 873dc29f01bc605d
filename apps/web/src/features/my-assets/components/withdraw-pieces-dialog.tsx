import type { MyAsset } from '@starport/schemas';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { useWithdrawUnitPieces } from '../api/withdraw-unit-pieces.ts';

type WithdrawPiecesDialogProps = {
  /** the unit card whose pieces are withdrawn; null: closed */
  asset: MyAsset | null;
  onClose: () => void;
  onQueued: (msg: string) => void;
};

/** What the pieces field says when the number is not one the player can withdraw (also the server's 409). */
export function piecesProblem(text: string, owned: number): string | undefined {
  const value = text.trim();
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > owned) {
    return owned === 1 ? 'You can withdraw 1 piece.' : `Enter a whole number of pieces from 1 to ${owned}.`;
  }
  return undefined;
}

/**
 * Unit pieces to the wallet (decision 0051): how many of this card's pieces become HouseUnits
 * tokens in the linked wallet. Withdrawn pieces leave My Assets for good once minted. Focus goes
 * back to the card's button when the dialog closes (Dialog's focus return).
 */
export function WithdrawPiecesDialog({ asset, ...props }: WithdrawPiecesDialogProps) {
  return asset ? <OpenWithdrawPiecesDialog asset={asset} {...props} /> : null;
}

function OpenWithdrawPiecesDialog({ asset, onClose, onQueued }: WithdrawPiecesDialogProps & { asset: MyAsset }) {
  const [pieces, setPieces] = useState(String(asset.pieces));
  const withdraw = useWithdrawUnitPieces();
  const errors = useFormErrors<'pieces'>();
  const apartment = asset.item.apartment;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (apartment === undefined || errors.refuseIfAny({ pieces: piecesProblem(pieces, asset.pieces) })) return;
    withdraw.mutate(
      { apartment, pieces: Number(pieces.trim()) },
      {
        onSuccess: (answer) => {
          onQueued(answer.msg);
          onClose();
        },
        // More than held (409) or a bad number (400) belongs to the field; no wallet, no minter: the form.
        onError: (error) =>
          errors.refuseFromServer(
            isApiError(error) && (error.status === 409 || /pieces/.test(error.msg)) ? 'pieces' : undefined,
            messageOf(error),
          ),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !withdraw.isPending && onClose()}
      title="Withdraw to wallet"
      description={`${asset.name}: ${asset.pieces} piece${asset.pieces === 1 ? '' : 's'} here. Withdrawn pieces are minted as HouseUnits tokens to your linked wallet and stay there.`}
    >
      <form className="stack" onSubmit={submit} {...errors.formProps}>
        <FormAlert message={errors.formError} />
        <Input
          label="Pieces to withdraw"
          name="pieces"
          inputMode="numeric"
          autoComplete="off"
          value={pieces}
          onChange={(event) => setPieces(event.target.value)}
          error={errors.fieldErrors.pieces}
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={withdraw.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={withdraw.isPending}>
            Withdraw
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
