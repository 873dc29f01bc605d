import { eq, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../src/db/client.ts';
import { blindBoxes, blindBoxTiers, dncPacks, marketplaceListings, ships, shopStock, users } from '../src/db/schema/index.ts';

/**
 * Catalogue rows for tests of any area (orders, payments, …) without the whole demo catalogue.
 * Each area's own fixtures build on these instead of writing their own inserts.
 */

let seq = 0;
const unique = () => `${++seq}-${Math.random().toString(36).slice(2, 6)}`;

/** A Common Human ship with plain stats; returns its id. */
export async function addShip(db: DbOrTx, name = `Test Ship ${unique()}`): Promise<number> {
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
  return ship!.id;
}

/** A shop line of a new ship: `stock` copies at `sellMicro` (listed at `listMicro`, default the same). */
export async function addShopLine(
  db: DbOrTx,
  o: { stock: number; sellMicro: bigint; listMicro?: bigint; name?: string },
): Promise<{ id: string; name: string }> {
  const name = o.name ?? `Test Ship ${unique()}`;
  const shipId = await addShip(db, name);
  const [line] = await db
    .insert(shopStock)
    .values({
      shipId,
      element: 0,
      rarity: 0,
      priceMicro: Number(o.listMicro ?? o.sellMicro),
      sellPriceMicro: Number(o.sellMicro),
      stock: o.stock,
    })
    .returning({ id: shopStock.id });
  return { id: String(line!.id), name };
}

/** Copies a shop line has left. */
export async function stockOf(db: DbOrTx, shopStockId: string): Promise<number> {
  const [row] = await db
    .select({ stock: shopStock.stock })
    .from(shopStock)
    .where(eq(shopStock.id, Number(shopStockId)));
  return row!.stock;
}

/**
 * A listed marketplace item: a Common Human ship by default, or a DNC pack. `sellerId` null
 * is a listing of the house (the demo's); listed now. `shipId` is the listed ship's (null for a pack).
 */
export async function addListing(
  db: DbOrTx,
  o: { sellMicro: bigint; listMicro?: bigint; sellerId?: string | null; name?: string; kind?: 'ship' | 'dnc' },
): Promise<{ id: string; name: string; shipId: number | null }> {
  const name = o.name ?? `Listed ${o.kind === 'dnc' ? 'Pack' : 'Ship'} ${unique()}`;
  const price = { priceMicro: Number(o.listMicro ?? o.sellMicro), sellPriceMicro: Number(o.sellMicro) };
  let values: typeof marketplaceListings.$inferInsert;
  let shipId: number | null = null;
  if (o.kind === 'dnc') {
    const [pack] = await db
      .insert(dncPacks)
      .values({ name, amount: 100, priceMicro: Number(o.sellMicro) })
      .returning({ id: dncPacks.id });
    values = { kind: 'dnc', dncPackId: pack!.id, ...price, sellerId: o.sellerId ?? null };
  } else {
    shipId = await addShip(db, name);
    values = { kind: 'ship', shipId, element: 0, rarity: 0, ...price, sellerId: o.sellerId ?? null };
  }
  const [row] = await db.insert(marketplaceListings).values(values).returning({ id: marketplaceListings.id });
  return { id: String(row!.id), name, shipId };
}

/** A player with a verified e-mail, for the areas whose tests buy, own or sell. */
export async function addPlayer(db: DbOrTx, username: string): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ username, email: `${username}@example.com`, emailVerifiedAt: new Date() })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * A blind box at $250 (listed $1,000): by default the Frontier Blind Box, cart id
 * 'blindbox-frontier'. Its four tiers (Common → Legendary) get `tiers` (default 1000 each;
 * null: no tier rows at all, a box not seeded yet).
 */
export async function addBlindBox(
  db: DbOrTx,
  o: { code?: string; name?: string; tiers?: [number, number, number, number] | null } = {},
): Promise<void> {
  const code = o.code ?? 'frontier';
  await db
    .insert(blindBoxes)
    .values({
      code,
      name: o.name ?? 'Frontier Blind Box',
      description: 'A box for tests.',
      salePriceMicro: 250_000_000,
      listPriceMicro: 1_000_000_000,
      oddsCommonBps: 7000,
      oddsRareBps: 2000,
      oddsEpicBps: 900,
      oddsLegendaryBps: 100,
    })
    .onConflictDoNothing();
  if (o.tiers !== null) await setBoxTiers(db, code, o.tiers ?? [1000, 1000, 1000, 1000]);
}

/** Sets a box's tier supplies, Common first. */
export async function setBoxTiers(db: DbOrTx, code: string, supplies: number[]): Promise<void> {
  for (const [rarity, supply] of supplies.entries())
    await db
      .insert(blindBoxTiers)
      .values({ boxCode: code, rarity, supply })
      .onConflictDoUpdate({ target: [blindBoxTiers.boxCode, blindBoxTiers.rarity], set: { supply } });
}

/** A box's tier supplies, Common first. */
export async function tiersOf(db: DbOrTx, code: string): Promise<number[]> {
  const rows = await queryRows<{ supply: number }>(
    db,
    sql`SELECT supply FROM blind_box_tiers WHERE box_code = ${code} ORDER BY rarity`,
  );
  return rows.map((r) => Number(r.supply));
}
