import type { StakingPool, StakingWallet } from '@starport/schemas';
import { formatTokenAmount } from '../model/amounts.ts';
import { Figures } from './figures.tsx';

/** /staking's head (spec §2.13): the player's units, everything earned, and yesterday's share, from the chain. */
export function HoldingsSummary({ wallet, pool }: { wallet: StakingWallet; pool: StakingPool }) {
  const amount = (base: string) => `${formatTokenAmount(base, pool.reward_decimals)} ${pool.reward_symbol}`;
  return (
    <Figures
      items={[
        {
          label: 'My holdings',
          value: `${wallet.units_held} units`,
          note: `${wallet.units_staked} staked · ${wallet.units_held - wallet.units_staked} in the wallet`,
        },
        { label: 'Total Profit', value: amount(wallet.total_profit), note: 'claimed + pending' },
        { label: 'Last Day Profit', value: amount(wallet.earned_yesterday), note: 'earned yesterday (UTC)' },
      ]}
    />
  );
}
