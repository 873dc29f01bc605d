import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';

/**
 * Shop stock (shop_stock): how many copies of each ship design the shop still sells. Orders
 * take copies when they open and give them back when they close unpaid, in the caller's
 * transaction. Lock order: shop rows by id, before blind-box tiers and listings
 * (docs/decisions/0014, 0018), so two orders never wait on each other in a circle.
 */

/** The ship design a shop row sells (null: no such row). */
export async function shipOfStock(db: DbOrTx, shopStockId: number): Promise<number | null> {
  const [row] = await queryRows<{ ship_id: number }>(db, sql`SELECT ship_id FROM shop_stock WHERE id = ${shopStockId}`);
  return row ? Number(row.ship_id) : null;
}

/**
 * Takes `quantity` copies of a shop row, or nothing: one conditional UPDATE, so two buyers of
 * the last copy cannot both pass (the second re-checks `stock >= q` after the first commits).
 * Returns the prices of the row as it was taken and the copies left after it, or null when
 * there are not enough copies.
 */
export async function takeStock(
  tx: Tx,
  shopStockId: number,
  quantity: number,
): Promise<{ sell_price_micro: string; price_micro: string; stock: number } | null> {
  const [row] = await queryRows<{ sell_price_micro: string; price_micro: string; stock: number }>(
    tx,
    sql`UPDATE shop_stock SET stock = stock - ${quantity}
        WHERE id = ${shopStockId} AND active AND stock >= ${quantity}
        RETURNING sell_price_micro::text AS sell_price_micro, price_micro::text AS price_micro, stock`,
  );
  return row ?? null;
}

/** Copies a shop row still sells (0 when it is not active). */
export async function stockLeft(tx: Tx, shopStockId: number): Promise<number> {
  const [row] = await queryRows<{ stock: number }>(
    tx,
    sql`SELECT CASE WHEN active THEN stock ELSE 0 END AS stock FROM shop_stock WHERE id = ${shopStockId}`,
  );
  return row?.stock ?? 0;
}

/** Gives copies back, rows in id order (the order in which orders take them: no deadlock). */
export async function returnStock(tx: Tx, copies: { shopStockId: number; quantity: number }[]): Promise<void> {
  const sorted = [...copies].sort((a, b) => a.shopStockId - b.shopStockId);
  for (const c of sorted)
    await tx.execute(sql`UPDATE shop_stock SET stock = stock + ${c.quantity} WHERE id = ${c.shopStockId}`);
}
