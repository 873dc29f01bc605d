import type { PublicOpening } from '@starport/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { listOfOrderLines } from './fairness.repo.ts';
import { openingView } from './opening-view.ts';

/**
 * What each blind box of these order lines gave, with its proof, keyed by order line id: the
 * orders area shows it to the buyer on their order (a line not opened yet has no entry).
 */
export async function openingsByOrderLine(db: DbOrTx, orderLineIds: number[]): Promise<Map<number, PublicOpening[]>> {
  const byLine = new Map<number, PublicOpening[]>();
  for (const row of await listOfOrderLines(db, orderLineIds)) {
    const line = Number(row.order_line_id);
    byLine.set(line, [...(byLine.get(line) ?? []), openingView(row)]);
  }
  return byLine;
}
