import { TOP_UP_LINE_ID, type OrderLineRequest } from '@starport/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { termsFor } from '../land/index.ts';

/**
 * The one order line of a land-credit top-up (decision 0047). The bounds are checked here
 * first, so a quantity the operator does not sell is the 400 naming them before anything else
 * is asked; orders checks them again when it prices the line, from the same settings.
 */
export async function topUpLines(db: DbOrTx, quantity: number): Promise<OrderLineRequest[]> {
  await termsFor(db, quantity);
  return [{ object: 'land_credit', id: TOP_UP_LINE_ID, total: quantity }];
}
