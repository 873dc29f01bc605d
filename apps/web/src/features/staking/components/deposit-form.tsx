import type { StakingWallet } from '@starport/schemas';
import { BRAND_NAME } from '@starport/schemas/brand';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * "Deposit {product} NFT" (spec §2.15): how many units to stake, Max = every unit in the
 * wallet. The units are staked one by one through the same flow as the staking list.
 */
export function DepositForm({
  wallet,
  busy,
  onDeposit,
}: {
  wallet: StakingWallet;
  busy: boolean;
  onDeposit: (count: number) => void;
}) {
  const id = useId();
  const inWallet = wallet.units.reduce((sum, u) => sum + u.held, 0);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const count = /^\d+$/.test(amount) ? Number(amount) : NaN;
    if (!(count >= 1 && count <= inWallet)) {
      setError(
        inWallet === 0 ? 'You have no unit in your wallet to deposit.' : `Enter a whole number from 1 to ${inWallet}.`,
      );
      return;
    }
    setError(null);
    onDeposit(count);
  };

  return (
    <form className="staking-card staking-deposit" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Deposit {BRAND_NAME} NFT</h2>
      <label htmlFor={`${id}-amount`}>Units to deposit</label>
      <div className="staking-deposit__row">
        <input
          id={`${id}-amount`}
          name="amount"
          inputMode="numeric"
          value={amount}
          onChange={(e) => setAmount(e.target.value.trim())}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <Button variant="secondary" onClick={() => setAmount(String(inWallet))}>
          Max
        </Button>
      </div>
      <p id={`${id}-hint`} className="staking-figures__note">
        {inWallet} {inWallet === 1 ? 'unit' : 'units'} in your wallet can be deposited.
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
      <Button type="submit" loading={busy}>
        Deposit
      </Button>
    </form>
  );
}
