import type { StakingPool } from '@starport/schemas';
import { Link } from 'react-router';
import { TableHead } from '../../../components/ui/table-head.tsx';
import { paths } from '../../../config/paths.ts';
import { shortenAddress } from '../../../lib/format.ts';
import { formatTokenAmount } from '../model/amounts.ts';
import { POOL_NAME } from './pool-card.tsx';
import { TableScroll } from './table-scroll.tsx';

/** Pool, Deposit, Curator, APY, Action (spec §2.13): the pool's totals and its owner, from the chain. */
export function PoolTable({ pool }: { pool: StakingPool }) {
  return (
    <TableScroll label="Staking pools">
      <table className="staking-table">
        <caption className="sr-only">Staking pools</caption>
        <TableHead columns={['Pool', 'Deposit', 'Curator', 'APY']} actionsLabel="Action" />
        <tbody>
          <tr>
            <td>{POOL_NAME}</td>
            <td>
              {formatTokenAmount(pool.total_staked_value, pool.reward_decimals)} {pool.reward_symbol}
              <span className="staking-figures__note">{pool.total_staked_units} units staked</span>
            </td>
            <td title={pool.owner.address}>{shortenAddress(pool.owner.address, 6, 4)}</td>
            <td>{pool.apr_percent}%</td>
            <td>
              <Link to={paths.stakingDetailLower.getHref()} aria-label={`Staking: ${POOL_NAME} pool`}>
                Staking
              </Link>
            </td>
          </tr>
        </tbody>
      </table>
    </TableScroll>
  );
}
