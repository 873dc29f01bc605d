import type { ChainAccount, StakingPool } from '@starport/schemas';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { shortenAddress } from '../../../lib/format.ts';
import { formatTokenAmount } from '../model/amounts.ts';
import { Figures } from './figures.tsx';

/** An address shortened 6…4 (spec §5), linked to the chain's explorer when it has one. */
function Address({ account }: { account: ChainAccount }) {
  const short = shortenAddress(account.address, 6, 4);
  if (!account.url) return <span title={account.address}>{short}</span>;
  return (
    <ExternalLink href={account.url} title={account.address}>
      {short}
    </ExternalLink>
  );
}

/** Who controls the pool, how long its rewards last, and where to check every contract. */
export function RiskPanel({ pool }: { pool: StakingPool }) {
  const deployed =
    pool.deployed_block === null
      ? 'Not known'
      : `Block ${pool.deployed_block}${pool.deployed_at ? ` · ${new Date(pool.deployed_at).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })}` : ''}`;
  return (
    <Figures
      className="staking-figures--list"
      items={[
        {
          label: 'Owner',
          value: <Address account={pool.owner} />,
          note: pool.owner.is_contract ? 'a contract (such as a multisig)' : 'a single key, not a contract',
        },
        {
          label: 'Reward pool left',
          value: `${formatTokenAmount(pool.reward_pool, pool.reward_decimals)} ${pool.reward_symbol}`,
          note:
            pool.pool_lasts_days === null
              ? 'nothing accrues at the moment'
              : `lasts about ${Math.floor(pool.pool_lasts_days)} days at today's rate (${formatTokenAmount(pool.daily_reward, pool.reward_decimals)} ${pool.reward_symbol} a day)`,
        },
        { label: 'Staking contract', value: <Address account={pool.contracts.staking} /> },
        { label: 'Unit token contract', value: <Address account={pool.contracts.units} /> },
        {
          label: 'Reward token contract',
          value: <Address account={pool.contracts.reward_token} />,
          note: pool.reward_symbol,
        },
        { label: 'Network', value: pool.chain.name },
        { label: 'Deployed', value: deployed },
      ]}
    />
  );
}
