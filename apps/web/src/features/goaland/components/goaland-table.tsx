import type { MyLandStakingResponse } from '@starport/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format.ts';

type GoalandTableProps = {
  summary: MyLandStakingResponse;
  onCollect: () => void;
  collecting: boolean;
};

/** The spec's table (owned-assets.md §2.12): plots, DNC earnings, description, and Collect DNC or the next time. */
export function GoalandTable({ summary, onCollect, collecting }: GoalandTableProps) {
  const { total, dailyEarn, accrued, description, enable, next_time } = summary;
  let next;
  if (next_time) next = <span data-testid="goaland-next-time">{formatDateTime(next_time)}</span>;
  else if (enable)
    next = (
      <Button onClick={onCollect} loading={collecting}>
        Collect DNC
      </Button>
    );
  else next = <span className="goaland-muted">A plot earns its first DNC one full day after you buy it.</span>;

  return (
    <table className="goaland-table">
      <caption className="sr-only">Your GOALAND land staking</caption>
      <thead>
        <tr>
          <th scope="col">Number of GOALAND Plots</th>
          <th scope="col">DNC Earnings</th>
          <th scope="col">Description</th>
          <th scope="col">Next refresh</th>
        </tr>
      </thead>
      <tbody>
        <tr data-testid="goaland-row">
          <td data-label="Number of GOALAND Plots" data-testid="goaland-plots">
            {total}
          </td>
          <td data-label="DNC Earnings">
            <span data-testid="goaland-daily">{dailyEarn} DNC a day</span>
            <span className="goaland-muted" data-testid="goaland-accrued">
              {accrued} DNC to collect
            </span>
          </td>
          <td data-label="Description">{description}</td>
          <td data-label="Next refresh">{next}</td>
        </tr>
      </tbody>
    </table>
  );
}
