import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';

/** The ship design a shop row sells (null: no such row). */
export async function shipOfStock(db: DbOrTx, shopStockId: number): Promise<number | null> {
  const [row] = await queryRows<{ ship_id: number }>(db, sql`SELECT ship_id FROM shop_stock WHERE id = ${shopStockId}`);
  return row ? Number(row.ship_id) : null;
}
