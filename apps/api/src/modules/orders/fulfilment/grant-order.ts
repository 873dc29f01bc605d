import type { Tx } from '../../../db/client.ts';
import { linesOf } from '../orders.repo.ts';
import { grantListing } from './grant-listing.ts';
import { grantShopShips } from './grant-shop-ships.ts';
import { FulfilmentBlocked, type GrantedOrder, type LineGrant } from './grants.ts';
import { openBlindBoxes } from './open-blind-boxes.ts';

/**
 * Grants everything an order bought, in the caller's transaction, and reports it per line
 * (in line order). It does not look at the order's status: fulfilOrder calls it only from
 * the transaction that moves the order to fulfilled. Even so, every row it writes is unique
 * per order line (and copy or box), so calling it twice grants once.
 */
export async function grantOrder(tx: Tx, order: GrantedOrder): Promise<LineGrant[]> {
  const lines = await linesOf(tx, [order.id]);
  const grants: LineGrant[] = [];
  for (const line of lines) {
    if (line.object === 'spaceship') grants.push(await grantShopShips(tx, order, line));
    else if (line.object === 'listing') grants.push(await grantListing(tx, order, line));
    else if (line.object !== 'blindbox')
      throw new FulfilmentBlocked(`Order line ${line.id} sells "${line.object}", which cannot be granted.`);
  }
  // Blind boxes last and together: one nonce range, and tier rows locked once, in order.
  grants.push(
    ...(await openBlindBoxes(
      tx,
      order,
      lines.filter((l) => l.object === 'blindbox'),
    )),
  );
  return grants.sort((a, b) => a.order_line_id - b.order_line_id);
}
