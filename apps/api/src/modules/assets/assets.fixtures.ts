import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { orderLines, orders, users } from '../../db/schema/index.ts';
import { addShip, addShopLine } from '../../../test/catalogue-fixtures.ts';

export { addShip };

/** Test fixtures for holdings: a player, and order lines to be the idempotency keys of grants. */

export async function addUser(db: DbOrTx, username = `holder-${randomBytes(4).toString('hex')}`): Promise<string> {
  const [row] = await db.insert(users).values({ username }).returning({ id: users.id });
  return row!.id;
}

/** A paid order of `userId` with one shop line of `quantity` copies; returns the line's id. */
export async function addOrderLine(db: DbOrTx, userId: string, quantity = 1): Promise<number> {
  const stock = await addShopLine(db, { stock: 10, sellMicro: 1_000_000n });
  const [order] = await db
    .insert(orders)
    .values({
      code: `SP-${randomBytes(5).toString('hex').toUpperCase()}`,
      userId,
      status: 'paid',
      method: 'card',
      totalsubMicro: 1_000_000n,
      discountMicro: 0n,
      totalMicro: 1_000_000n,
      discountBps: 0,
      expiresAt: new Date(Date.now() + 60_000),
      paidAt: new Date(),
    })
    .returning({ id: orders.id });
  const [line] = await db
    .insert(orderLines)
    .values({
      orderId: order!.id,
      object: 'spaceship',
      shopStockId: Number(stock.id),
      name: stock.name,
      quantity,
      unitSellPriceMicro: 1_000_000n,
      unitListPriceMicro: 1_000_000n,
    })
    .returning({ id: orderLines.id });
  return line!.id;
}
