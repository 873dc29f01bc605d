import type { StakingPool, StakingWallet } from '@starport/schemas';
import type { ReactNode } from 'react';
import { CategoryTable } from '../components/category-table.tsx';
import { DepositForm } from '../components/deposit-form.tsx';
import { Figures } from '../components/figures.tsx';
import { OutcomeDialog } from '../components/outcome-dialog.tsx';
import { PoolGate } from '../components/pool-gate.tsx';
import { StatusLine } from '../components/status-line.tsx';
import { WalletGate } from '../components/wallet-gate.tsx';
import { formatTokenAmount } from '../model/amounts.ts';
import { unitsToDeposit, useStakingActions } from '../model/use-staking-actions.ts';
import './staking.css';

/** The player's referral figures, from the owner page's data: composed in app/routes (features do not import each other). */
export type ReferralFiguresSlot = () => ReactNode;

/** /affiliate (spec §2.15): the player's units, deposits and referrals, a deposit form and the unit categories. */
export default function AffiliatePage({ renderReferrals }: { renderReferrals?: ReferralFiguresSlot }) {
  return (
    <div className="container staking-page">
      <h1>Affiliate</h1>
      <PoolGate>{(pool) => <WalletGate>{(wallet) => <Affiliate pool={pool} wallet={wallet} />}</WalletGate>}</PoolGate>
      {renderReferrals && (
        <section aria-labelledby="affiliate-referrals-title" className="staking-card">
          <h2 id="affiliate-referrals-title">Referrals</h2>
          {renderReferrals()}
        </section>
      )}
    </div>
  );
}

function Affiliate({ pool, wallet }: { pool: StakingPool; wallet: StakingWallet }) {
  const actions = useStakingActions(pool);
  return (
    <>
      <Figures
        items={[
          { label: 'My NFTs', value: wallet.units_held, note: 'units in the wallet and staked' },
          {
            label: 'My deposits',
            value: `${wallet.units_staked} units`,
            note: `${formatTokenAmount(wallet.staked_value, pool.reward_decimals)} ${pool.reward_symbol} staked`,
          },
          {
            label: 'Total Profit',
            value: `${formatTokenAmount(wallet.total_profit, pool.reward_decimals)} ${pool.reward_symbol}`,
          },
        ]}
      />
      <DepositForm
        wallet={wallet}
        busy={actions.busy}
        onDeposit={(count) => void actions.stakeMany(unitsToDeposit(wallet.units, count))}
      />
      <StatusLine progress={actions.progress} />
      <CategoryTable units={wallet.units} pool={pool} />
      <OutcomeDialog outcome={actions.outcome} onClose={actions.dismissOutcome} />
    </>
  );
}
