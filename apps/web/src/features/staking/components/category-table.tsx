import type { StakingPool, WalletUnit } from '@starport/schemas';
import { formatTokenAmount } from '../model/amounts.ts';
import { TableScroll } from './table-scroll.tsx';

/** The unit types (spec §2.15's category table): what the player holds and has staked of each, and its price on chain. */
export function CategoryTable({ units, pool }: { units: WalletUnit[]; pool: StakingPool }) {
  return (
    <TableScroll label="Unit categories">
      <table className="staking-table">
        <caption>Unit categories</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">In wallet</th>
            <th scope="col">Staked</th>
            <th scope="col">Price per unit</th>
          </tr>
        </thead>
        <tbody>
          {units.map((unit) => (
            <tr key={unit.id}>
              <th scope="row">{unit.name}</th>
              <td>{unit.held}</td>
              <td>{unit.staked}</td>
              <td>
                {formatTokenAmount(unit.unit_price, pool.reward_decimals)} {pool.reward_symbol}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
