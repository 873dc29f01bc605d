import { useStakingWallet } from '../api/get-staking-wallet.ts';
import { HoldingsSummary } from '../components/holdings-summary.tsx';
import { PoolCard } from '../components/pool-card.tsx';
import { PoolGate } from '../components/pool-gate.tsx';
import { PoolTable } from '../components/pool-table.tsx';
import { RewardsCalculator } from '../components/rewards-calculator.tsx';
import { WalletGate } from '../components/wallet-gate.tsx';
import { useStakingAccount } from '../model/use-staking-account.ts';
import './staking.css';

/** /staking (spec §2.13): the player's units and profit, a what-if calculator, and the pool; every figure from the chain. */
export default function StakingPage() {
  const account = useStakingAccount();
  const wallet = useStakingWallet(account.address);
  return (
    <div className="container staking-page">
      <h1>Staking</h1>
      <PoolGate>
        {(pool) => (
          <>
            <WalletGate>
              {(mine) => (
                <>
                  <HoldingsSummary wallet={mine} pool={pool} />
                  <RewardsCalculator pool={pool} units={mine.units} />
                </>
              )}
            </WalletGate>
            <PoolCard pool={pool} pendingReward={wallet.data?.data.pending_reward ?? null} />
            <h2>Pools</h2>
            <PoolTable pool={pool} />
          </>
        )}
      </PoolGate>
    </div>
  );
}
