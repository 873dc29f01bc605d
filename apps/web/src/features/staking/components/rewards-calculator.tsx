import type { StakingPool, WalletUnit } from '@starport/schemas';
import { useId, useState } from 'react';
import { aprPercentOf, formatTokenAmount, projectedReward } from '../model/amounts.ts';

const whole = (text: string) => (/^\d+$/.test(text) ? Number(text) : NaN);

/**
 * What-if (spec §2.13): units of one type staked for some days at today's APR and that type's
 * price on chain. Nothing here is a promise: the APR can change, and the note says so.
 */
export function RewardsCalculator({ pool, units }: { pool: StakingPool; units: WalletUnit[] }) {
  const id = useId();
  const [typeId, setTypeId] = useState(units[0]?.id ?? 0);
  const [count, setCount] = useState('1');
  const [days, setDays] = useState('30');
  const unit = units.find((u) => u.id === typeId) ?? units[0];
  const countValue = whole(count);
  const daysValue = whole(days);
  const countError = countValue >= 1 ? null : 'Enter a whole number of units, 1 or more.';
  const daysError = daysValue >= 1 && daysValue <= 3650 ? null : 'Enter a whole number of days from 1 to 3650.';
  const reward =
    unit && !countError && !daysError ? projectedReward(unit.unit_price, countValue, daysValue, pool.apr_bps) : null;

  if (!unit) return null;
  return (
    <section className="staking-card staking-calculator" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Rewards calculator</h2>
      <div className="staking-calculator__fields">
        <label htmlFor={`${id}-type`}>Unit type</label>
        <select id={`${id}-type`} value={unit.id} onChange={(e) => setTypeId(Number(e.target.value))}>
          {units.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} ({formatTokenAmount(u.unit_price, pool.reward_decimals)} {pool.reward_symbol})
            </option>
          ))}
        </select>
        <Field id={`${id}-units`} label="Units" value={count} onChange={setCount} error={countError} />
        <Field id={`${id}-days`} label="Days" value={days} onChange={setDays} error={daysError} />
      </div>
      <p aria-live="polite" className="staking-calculator__result">
        {reward === null ? (
          'Fill in the units and days to see an estimate.'
        ) : (
          <>
            Estimated reward:{' '}
            <strong data-testid="calculator-reward">
              {formatTokenAmount(reward, pool.reward_decimals)} {pool.reward_symbol}
            </strong>{' '}
            at today&apos;s APR of {aprPercentOf(pool.apr_bps)}%.
          </>
        )}
      </p>
      <p className="staking-figures__note">
        The APR is set by the pool&apos;s owner and may change; rewards are paid while the reward pool lasts.
      </p>
    </section>
  );
}

function Field({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error: string | null;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value.trim())}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </>
  );
}
