import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { blindBoxes, ships, shopStock, users } from '../../db/schema/index.ts';

/** Test fixtures: a few shop lines, the blind box and players, without the whole demo catalogue. */

let seq = 0;

export async function addShopLine(
  db: DbOrTx,
  o: { stock: number; sellMicro: bigint; listMicro?: bigint; name?: string },
): Promise<{ id: string; name: string }> {
  seq += 1;
  const name = o.name ?? `Test Ship ${seq}-${Math.random().toString(36).slice(2, 6)}`;
  const [ship] = await db
    .insert(ships)
    .values({
      element: 0,
      rarity: 0,
      name,
      description: 'A ship for tests.',
      health: 100,
      healing: 1,
      gunDamage: 10,
      rocketDamage: 10,
      defense: 5,
      afterburner: 5,
      rocketRechargeTime: 1000,
      rocketFireRate: 10,
      artSeed: seq,
    })
    .returning({ id: ships.id });
  const [line] = await db
    .insert(shopStock)
    .values({
      shipId: ship!.id,
      element: 0,
      rarity: 0,
      priceMicro: Number(o.listMicro ?? o.sellMicro),
      sellPriceMicro: Number(o.sellMicro),
      stock: o.stock,
    })
    .returning({ id: shopStock.id });
  return { id: String(line!.id), name };
}

/** The Frontier Blind Box at $250 (listed $1,000), cart id 'blindbox-frontier'. */
export async function addBlindBox(db: DbOrTx): Promise<void> {
  await db
    .insert(blindBoxes)
    .values({
      code: 'frontier',
      name: 'Frontier Blind Box',
      description: 'A box for tests.',
      salePriceMicro: 250_000_000,
      listPriceMicro: 1_000_000_000,
      oddsCommonBps: 7000,
      oddsRareBps: 2000,
      oddsEpicBps: 900,
      oddsLegendaryBps: 100,
    })
    .onConflictDoNothing();
}

export async function addPlayer(db: DbOrTx, username: string): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ username, email: `${username}@example.com`, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  return row!.id;
}

export async function stockOf(db: DbOrTx, shopStockId: string): Promise<number> {
  const [row] = await db
    .select({ stock: shopStock.stock })
    .from(shopStock)
    .where(eq(shopStock.id, Number(shopStockId)));
  return row!.stock;
}

/** Moves an order's expiry (and its job) into the past, as if its reservation window had passed. */
export async function lapse(db: DbOrTx, orderId: number): Promise<void> {
  await db.execute(sql`UPDATE orders SET expires_at = now() - interval '1 second' WHERE id = ${orderId}`);
  await db.execute(
    sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE dedupe_key = ${`order.expire:${orderId}`}`,
  );
}

export async function eventsOf(
  db: DbOrTx,
  orderId: number,
): Promise<{ kind: string; from_status: string | null; to_status: string | null }[]> {
  return queryRows(
    db,
    sql`SELECT kind, from_status, to_status FROM order_events WHERE order_id = ${orderId} ORDER BY id`,
  );
}
