import type { StakingPool } from '@starport/schemas';
import { formatTokenAmount } from '../model/amounts.ts';
import { TableScroll } from './table-scroll.tsx';

/** Realised APY (rewards actually paid over 7, 30, 90 days against the staked value) beside the nominal APR. */
export function PerformancePanel({ pool }: { pool: StakingPool }) {
  return (
    <div>
      <p>
        Nominal APR (set on chain): <strong>{pool.apr_percent}%</strong>. Realised APY is what claims actually paid over
        each window, against the value staked during it.
      </p>
      <TableScroll label="Realised APY by window">
        <table className="staking-table">
          <caption className="sr-only">Realised APY by window</caption>
          <thead>
            <tr>
              <th scope="col">Window</th>
              <th scope="col">Realised APY</th>
              <th scope="col">Rewards paid</th>
              <th scope="col">Nominal APR</th>
            </tr>
          </thead>
          <tbody>
            {pool.realised_apy.map((row) => (
              <tr key={row.days}>
                <th scope="row">{row.days}D</th>
                <td>{row.apy === null ? 'Nothing staked' : `${row.apy}%`}</td>
                <td>
                  {formatTokenAmount(row.paid, pool.reward_decimals)} {pool.reward_symbol}
                </td>
                <td>{pool.apr_percent}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p className="staking-figures__note">
        Total claimed since deployment: {formatTokenAmount(pool.total_claimed, pool.reward_decimals)}{' '}
        {pool.reward_symbol}.
      </p>
    </div>
  );
}
