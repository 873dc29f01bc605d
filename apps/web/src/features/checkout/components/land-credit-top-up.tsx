import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { TopUpTermsResponse } from '@starport/schemas';
import { messageOf } from '../../../lib/api-error.ts';
import { formatCredit, formatPrice } from '../../../lib/format.ts';
import { useLandCreditAmount } from '../../../lib/land-credit.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { useFormErrors } from '../../../components/ui/use-form-errors.ts';
import { useTopUpTerms } from '../api/get-top-up-terms.ts';
import { topUpTotalOf, type LandCreditPurchase } from '../model/checkout-purchase.ts';
import { topUpItemName } from '../model/messages.ts';
import { quantityProblem } from '../model/top-up-quantity.ts';
import './land-credit-top-up.css';

export { TopUpReturnNotice } from './top-up-return-notice.tsx';

// The checkout dialog (and its calls) loads when the player goes on to pay.
const CheckoutDialog = lazy(() => import('./checkout-dialog.tsx'));

type Stage = { name: 'idle' } | { name: 'quantity' } | { name: 'checkout'; purchase: LandCreditPurchase };

/**
 * The land-credit balance and its top-up (owned-assets.md §2.16, §4.8): "Top up" asks how many
 * credits, within the operator's bounds, shows the total, and "Buy {n} Land Credit" goes on to
 * the one checkout dialog (card provider, the Wert widget or cryptocurrency), which reads the
 * balance again once the top-up is paid. `showBalance` false: the place it sits shows the balance already.
 */
export function LandCreditTopUp({ showBalance = true }: { showBalance?: boolean } = {}) {
  const balance = useLandCreditAmount();
  const [stage, setStage] = useState<Stage>({ name: 'idle' });
  const close = () => setStage({ name: 'idle' });
  return (
    <div className="land-credit-top-up" data-testid="land-credit-top-up">
      {showBalance && (
        <p className="land-credit-top-up__balance" data-testid="land-credit-balance">
          Land Credit: <strong>{balance === null ? 'checking…' : formatCredit(balance)}</strong>
        </p>
      )}
      <Button variant="secondary" onClick={() => setStage({ name: 'quantity' })}>
        Top up
      </Button>
      {stage.name === 'quantity' && (
        <TopUpQuantityDialog onCancel={close} onBuy={(purchase) => setStage({ name: 'checkout', purchase })} />
      )}
      {stage.name === 'checkout' && (
        <Suspense fallback={null}>
          <CheckoutDialog open onOpenChange={(open) => !open && close()} purchase={stage.purchase} payWithCrypto />
        </Suspense>
      )}
    </div>
  );
}

type QuantityDialogProps = { onCancel: () => void; onBuy: (purchase: LandCreditPurchase) => void };

function TopUpQuantityDialog({ onCancel, onBuy }: QuantityDialogProps) {
  const terms = useTopUpTerms();
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()} title="Top up land credit">
      {terms.isPending ? (
        <LoadingBlock label="Reading the price of land credit…" />
      ) : terms.isError ? (
        <>
          <Alert tone="error" title="Sorry">
            <p>{messageOf(terms.error)}</p>
            <Button variant="secondary" onClick={() => void terms.refetch()}>
              Try again
            </Button>
          </Alert>
          <DialogActions>
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          </DialogActions>
        </>
      ) : (
        <QuantityForm terms={terms.data} onCancel={onCancel} onBuy={onBuy} />
      )}
    </Dialog>
  );
}

function QuantityForm({ terms, onCancel, onBuy }: QuantityDialogProps & { terms: TopUpTermsResponse }) {
  const [text, setText] = useState(String(terms.min_quantity));
  const { fieldErrors, refuseIfAny, formProps } = useFormErrors<'quantity'>();
  const bounds = { min: terms.min_quantity, max: terms.max_quantity };
  const valid = quantityProblem(text, bounds) === null;
  const quantity = Number(text);
  const purchase: LandCreditPurchase | null = valid
    ? { kind: 'land_credit', quantity, usdPerCredit: terms.usd_per_credit }
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (refuseIfAny({ quantity: quantityProblem(text, bounds) ?? undefined }) || !purchase) return;
    onBuy(purchase);
  };

  return (
    <form className="land-credit-top-up__form" onSubmit={submit} {...formProps}>
      <p className="land-credit-top-up__rate">
        {formatPrice(terms.usd_per_credit)} per land credit; one top-up buys {terms.min_quantity} to{' '}
        {terms.max_quantity}.
      </p>
      <Input
        label="Land credits to buy"
        name="quantity"
        type="number"
        inputMode="numeric"
        min={terms.min_quantity}
        max={terms.max_quantity}
        step={1}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={fieldErrors.quantity}
      />
      <p className="land-credit-top-up__total" data-testid="top-up-total" aria-live="polite">
        Total: <strong>{purchase ? formatPrice(topUpTotalOf(purchase)) : '—'}</strong>
      </p>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">{purchase ? topUpItemName(purchase.quantity) : 'Buy Land Credit'}</Button>
      </DialogActions>
    </form>
  );
}
