import type { StakingPool } from '@starport/schemas';
import { formatTokenAmount } from '../model/amounts.ts';
import { Figures } from './figures.tsx';

export const POOL_NAME = 'Container-house units';

/** The one pool there is (spec §2.13): the player's pending reward and the APR as the chain sets it. */
export function PoolCard({ pool, pendingReward }: { pool: StakingPool; pendingReward: string | null }) {
  return (
    <section className="staking-card" aria-labelledby="staking-pool-card-title">
      <h2 id="staking-pool-card-title">{POOL_NAME} pool</h2>
      <Figures
        items={[
          {
            label: 'My pending reward',
            value:
              pendingReward === null
                ? 'Connect a wallet to see it'
                : `${formatTokenAmount(pendingReward, pool.reward_decimals)} ${pool.reward_symbol}`,
          },
          { label: 'APR', value: `${pool.apr_percent}%`, note: `paid in ${pool.reward_symbol}` },
        ]}
      />
    </section>
  );
}
