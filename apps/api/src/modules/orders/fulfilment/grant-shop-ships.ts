import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.ts';
import type { OrderLineRow } from '../orders.repo.ts';
import type { GrantedOrder, ShopGrant } from './grants.ts';

/**
 * A shop line of quantity q: q rows in owned_ships, copies 0..q−1 of the shop row's ship
 * design. (line, copy) is unique, so granting again writes nothing and reports the same rows.
 */
export async function grantShopShips(tx: Tx, order: GrantedOrder, line: OrderLineRow): Promise<ShopGrant> {
  await tx.execute(
    sql`INSERT INTO owned_ships (user_id, ship_id, source, order_line_id, copy_index)
        SELECT ${order.userId}, s.ship_id, 'shop', ${line.id}, g
        FROM shop_stock s, generate_series(0, ${line.quantity - 1}::int) g
        WHERE s.id = ${line.shopStockId}
        ON CONFLICT (order_line_id, copy_index) DO NOTHING`,
  );
  const rows = await queryRows<{ id: string | number; ship_id: number }>(
    tx,
    sql`SELECT id, ship_id FROM owned_ships WHERE order_line_id = ${line.id} ORDER BY copy_index`,
  );
  if (rows.length !== line.quantity) {
    throw new Error(`order line ${line.id}: ${rows.length} ships granted for a quantity of ${line.quantity}`);
  }
  return {
    order_line_id: line.id,
    object: 'spaceship',
    ship_id: Number(rows[0]!.ship_id),
    owned_ship_ids: rows.map((r) => Number(r.id)),
  };
}
