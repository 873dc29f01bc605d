import type { PricePoint } from '@starport/schemas';
import { formatPrice } from '../../../lib/format.ts';
import './sales-table.css';

const soldOn = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The sales behind the price chart, newest first, for anyone who cannot see the chart or wants
 * exact figures. Folded by default so a long history does not push the rest of the page away.
 */
export function SalesTable({ points }: { points: Pick<PricePoint, 'sold_at' | 'price'>[] }) {
  const newestFirst = [...points].sort((a, b) => Date.parse(b.sold_at) - Date.parse(a.sold_at));
  return (
    <details className="sales-table">
      <summary>Every sale: date and price</summary>
      <table>
        <caption className="sr-only">Sales, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Sold on</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((sale, i) => (
            <tr key={`${sale.sold_at}-${i}`}>
              <td>
                <time dateTime={sale.sold_at}>{soldOn(sale.sold_at)}</time>
              </td>
              <td>{formatPrice(sale.price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
