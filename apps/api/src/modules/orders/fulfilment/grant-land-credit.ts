import type { Tx } from '../../../db/client.ts';
import { creditLandCredit } from '../../assets/index.ts';
import type { OrderLineRow } from '../orders.repo.ts';
import type { GrantedOrder, LandCreditGrant } from './grants.ts';

/**
 * A paid land-credit top-up: its credits enter the player's ledger through assets, naming the
 * order line. The ledger's key on the line makes this once per line: a fulfilment that runs
 * again (a retried job, two workers) finds the first row and credits nothing more.
 */
export async function grantLandCredit(tx: Tx, order: GrantedOrder, line: OrderLineRow): Promise<LandCreditGrant> {
  const entryId = await creditLandCredit(tx, {
    userId: order.userId,
    amount: line.quantity,
    reason: `top-up ${order.code}`,
    orderLineId: line.id,
  });
  return { order_line_id: line.id, object: 'land_credit', credit_ledger_id: entryId, credits: line.quantity };
}
