import type { ReferralRow } from '@starport/schemas';
import { formatPrice } from '../../../lib/format.ts';

const COLUMNS = ['Creator', 'Volume (USD)', 'Affiliates', 'Items', 'You earned'] as const;

/**
 * The players who came with the player's link (spec §2.2 Affiliates): what their paid orders
 * charged, how many players they brought in turn, how many items they bought, and the player's
 * share. Below 720 px each row becomes a card whose cells carry their own labels.
 */
export function AffiliatesTable({ rows }: { rows: ReferralRow[] }) {
  return (
    <table className="owner-table" data-testid="affiliates-table">
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row._id} data-testid="affiliate-row">
            <td data-label="Creator" data-testid="affiliate-name">
              {row.username}
            </td>
            <td data-label="Volume (USD)" data-testid="affiliate-volume">
              {formatPrice(row.vol)}
            </td>
            <td data-label="Affiliates">{row.aff}</td>
            <td data-label="Items">{row.items}</td>
            <td data-label="You earned" data-testid="affiliate-earned">
              {formatPrice(row.earned)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
