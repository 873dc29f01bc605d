import type { ProceedsResponse } from '@starport/schemas';
import { formatDnc, formatMicro, formatWhen } from '../model/labels.ts';

type Entry = ProceedsResponse['data'][number];

const saleName = (entry: Entry): string =>
  entry.kind === 'dnc' && entry.dnc_amount !== null ? formatDnc(entry.dnc_amount) : entry.name;

/** The player's sales: what each sold for, the marketplace fee, and what they were credited. */
export function ProceedsTable({ entries }: { entries: Entry[] }) {
  return (
    <table className="my-assets-table">
      <caption className="sr-only">Your sales</caption>
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Price</th>
          <th scope="col">Fee</th>
          <th scope="col">You received</th>
          <th scope="col">Sold</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.listing_id} data-testid="proceeds-row">
            <th scope="row" data-label="Item">
              {saleName(entry)}
            </th>
            <td data-label="Price">{formatMicro(entry.price_micro)}</td>
            <td data-label="Fee">{formatMicro(entry.fee_micro)}</td>
            <td data-label="You received" data-testid="proceeds-net">
              {formatMicro(entry.net_micro)}
            </td>
            <td data-label="Sold">{formatWhen(entry.sold_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
