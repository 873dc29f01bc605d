import type { StakingPool, StakingWallet } from '@starport/schemas';
import { BRAND_NAME } from '@starport/schemas/brand';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { DepositsChart } from '../components/deposits-chart.tsx';
import { Figures } from '../components/figures.tsx';
import { NftStakingModal } from '../components/nft-staking-modal.tsx';
import { OutcomeDialog } from '../components/outcome-dialog.tsx';
import { PerformancePanel } from '../components/performance-panel.tsx';
import { PoolGate } from '../components/pool-gate.tsx';
import { RiskPanel } from '../components/risk-panel.tsx';
import { StakingTabs } from '../components/staking-tabs.tsx';
import { StatusLine } from '../components/status-line.tsx';
import { WalletGate } from '../components/wallet-gate.tsx';
import { formatTokenAmount } from '../model/amounts.ts';
import { useStakingActions } from '../model/use-staking-actions.ts';
import './staking.css';

type TabKey = 'overview' | 'performance' | 'risk';

/** /StakingDetail and /stakingdetail (spec §2.14): the pool in full, the player's stake, claim, and the staking list. */
export default function StakingDetailPage() {
  return (
    <div className="container staking-page">
      <h1>{BRAND_NAME} Staking</h1>
      <PoolGate>{(pool) => <Detail pool={pool} />}</PoolGate>
    </div>
  );
}

function Detail({ pool }: { pool: StakingPool }) {
  const [tab, setTab] = useState<TabKey>('overview');
  const amount = (base: string) => `${formatTokenAmount(base, pool.reward_decimals)} ${pool.reward_symbol}`;
  return (
    <div className="staking-detail">
      <div className="staking-detail__main">
        <Figures
          items={[
            {
              label: 'Total Deposits',
              value: amount(pool.total_staked_value),
              note: `${pool.total_staked_units} units staked`,
            },
            { label: 'APY', value: `${pool.apr_percent}%`, note: 'nominal: the APR set on chain' },
          ]}
        />
        <StakingTabs<TabKey>
          label="Pool details"
          selected={tab}
          onSelect={setTab}
          tabs={[
            {
              key: 'overview',
              label: 'Overview',
              panel: () => (
                <DepositsChart points={pool.history} symbol={pool.reward_symbol} decimals={pool.reward_decimals} />
              ),
            },
            { key: 'performance', label: 'Performance', panel: () => <PerformancePanel pool={pool} /> },
            { key: 'risk', label: 'Risk', panel: () => <RiskPanel pool={pool} /> },
          ]}
        />
      </div>
      <aside className="staking-detail__side" aria-label="My staking">
        <WalletGate>{(wallet) => <MyStake pool={pool} wallet={wallet} />}</WalletGate>
      </aside>
    </div>
  );
}

function MyStake({ pool, wallet }: { pool: StakingPool; wallet: StakingWallet }) {
  const actions = useStakingActions(pool);
  const [listOpen, setListOpen] = useState(false);
  const amount = (base: string) => `${formatTokenAmount(base, pool.reward_decimals)} ${pool.reward_symbol}`;
  return (
    <>
      <Figures
        className="staking-figures--list"
        items={[
          {
            label: 'Total Deposits (My account)',
            value: amount(wallet.staked_value),
            note: `${wallet.units_staked} units staked`,
          },
          { label: 'Pending reward', value: <span data-testid="pending-reward">{amount(wallet.pending_reward)}</span> },
          {
            label: 'Total NFTs held',
            value: <span data-testid="units-held">{wallet.units_held}</span>,
            note: 'in the wallet and staked',
          },
        ]}
      />
      <div className="staking-detail__actions">
        <Button onClick={() => void actions.claim()} disabled={actions.busy || BigInt(wallet.pending_reward) === 0n}>
          Claim
        </Button>
        <Button variant="secondary" onClick={() => setListOpen(true)}>
          Staking
        </Button>
      </div>
      {!listOpen && <StatusLine progress={actions.progress} />}
      <NftStakingModal
        open={listOpen}
        onOpenChange={setListOpen}
        wallet={wallet}
        busy={actions.busy}
        progress={actions.progress}
        onStake={(unit) => void actions.stake(unit)}
        onUnstake={(unit) => void actions.unstake(unit)}
      />
      <OutcomeDialog outcome={actions.outcome} onClose={actions.dismissOutcome} />
    </>
  );
}
