import type { Tx } from '../../../db/client.ts';
import { grantShips, shipsOfOrderLines, type OwnedShip } from '../../assets/index.ts';
import { shipOfStock } from '../../shop/index.ts';
import type { OrderLineRow } from '../orders.repo.ts';
import type { GrantedOrder, ShopGrant } from './grants.ts';

/**
 * A shop line of quantity q: q copies of the shop row's ship design for the buyer, copies
 * 0..q−1 of the line (assets.grantShips). A line granted already is only reported.
 */
export async function grantShopShips(tx: Tx, order: GrantedOrder, line: OrderLineRow): Promise<ShopGrant> {
  let rows: OwnedShip[] = await shipsOfOrderLines(tx, [line.id]);
  if (rows.length < line.quantity) {
    const shipId = await shipOfStock(tx, line.shopStockId!);
    if (shipId === null) throw new Error(`order line ${line.id}: shop row ${line.shopStockId} not found`);
    const copies = Array.from({ length: line.quantity }, (_, copyIndex) => ({ shipId, copyIndex }));
    rows = await grantShips(tx, { userId: order.userId, source: 'shop', orderLineId: line.id, copies, paidMicro: line.unitSellPriceMicro });
  }
  if (rows.length !== line.quantity) {
    throw new Error(`order line ${line.id}: ${rows.length} ships granted for a quantity of ${line.quantity}`);
  }
  return {
    order_line_id: line.id,
    object: 'spaceship',
    ship_id: rows[0]!.shipId,
    owned_ship_ids: rows.map((r) => r.id),
  };
}
