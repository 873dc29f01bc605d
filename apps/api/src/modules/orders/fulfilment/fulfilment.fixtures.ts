import { sql } from 'drizzle-orm';
import type { OrderLineRequest } from '@starport/schemas';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { grantShips, lockShip } from '../../assets/index.ts';
import { blindBoxes, houseUnits, houseUnitTypes, marketplaceListings, ships } from '../../../db/schema/index.ts';
import type { OrdersService } from '../orders.service.ts';
import { setBoxTiers } from '../orders.fixtures.ts';

/** Test fixtures for fulfilment: paid orders of every line kind, and what they granted. */

let seq = 0;

/** Opens an order the way the payment calls do and pays it as a verified webhook would. */
export async function paidOrder(
  orders: OrdersService,
  userId: string,
  lines: OrderLineRequest[],
): Promise<{ id: number; code: string }> {
  const order = await orders.openOrder(userId, lines, 'card');
  const outcome = await orders.markPaid(order.id, {
    provider: 'sandbox',
    eventId: `evt_${order.code}`,
    amountMicro: BigInt(order.total_micro),
  });
  if (outcome !== 'paid') throw new Error(`order ${order.code} was not paid: ${outcome}`);
  return { id: order.id, code: order.code };
}

/**
 * A blind box with chosen odds (Common, Rare, Epic, Legendary basis points) and tier supplies:
 * [0, 0, 0, 10000] makes every box draw Legendary. Cart id `blindbox-<code>`.
 */
export async function addOddsBox(
  db: DbOrTx,
  code: string,
  odds: [number, number, number, number],
  tiers: [number, number, number, number] | null,
): Promise<string> {
  await db.insert(blindBoxes).values({
    code,
    name: `Box ${code}`,
    description: 'A box for fulfilment tests.',
    salePriceMicro: 250_000_000,
    listPriceMicro: 1_000_000_000,
    oddsCommonBps: odds[0],
    oddsRareBps: odds[1],
    oddsEpicBps: odds[2],
    oddsLegendaryBps: odds[3],
  });
  if (tiers) await setBoxTiers(db, code, tiers);
  return `blindbox-${code}`;
}

/** A listed container-house unit (one piece of apartment `apartment`, a Type 1 unit). */
export async function addUnitListing(db: DbOrTx, apartment: number, sellerId: string | null): Promise<string> {
  await db
    .insert(houseUnitTypes)
    .values({
      type: 1,
      apartFrom: 1,
      apartTo: 24,
      areaM2: 28,
      floors: 1,
      rooms: 1,
      housing: 2,
      totalPieces: 160,
      priceMicro: 200_000_000,
    })
    .onConflictDoNothing();
  await db.insert(houseUnits).values({ apartment, type: 1 }).onConflictDoNothing();
  const [row] = await db
    .insert(marketplaceListings)
    .values({
      kind: 'house_unit',
      houseUnitId: apartment,
      priceMicro: 250_000_000,
      sellPriceMicro: 210_000_000,
      sellerId,
      minted: true,
    })
    .returning({ id: marketplaceListings.id });
  return String(row!.id);
}

/** Gives `userId` a ship they own already (as if bought before), for the marketplace seller. */
export async function ownShip(db: Db, userId: string, shipId: number): Promise<number> {
  const [copy] = await db.transaction((tx) =>
    grantShips(tx, { userId, source: 'grant', orderLineId: null, copies: [{ shipId, copyIndex: 0 }] }),
  );
  return copy!.id;
}

/**
 * Makes a ship listing a player's: the seller gets a copy of its ship, locked 'listed', and
 * the listing names that copy (as POST /api/marketplace/listing does). Returns the copy's id.
 */
export async function ownListedCopy(db: Db, sellerId: string, listingId: string): Promise<number> {
  const copy = await ownShip(db, sellerId, await shipOfListing(db, listingId));
  await db.transaction((tx) => lockShip(tx, { userId: sellerId, ownedShipId: copy, to: 'listed' }));
  await db.execute(sql`UPDATE marketplace_listings SET owned_ship_id = ${copy} WHERE id = ${Number(listingId)}`);
  return copy;
}

export async function shipOfListing(db: DbOrTx, listingId: string): Promise<number> {
  const [row] = await queryRows<{ ship_id: number }>(
    db,
    sql`SELECT ship_id FROM marketplace_listings WHERE id = ${Number(listingId)}`,
  );
  return Number(row!.ship_id);
}

/** Fills Legendary serials 1..n (except `keepFree`) with ships of the tests' own. */
export async function takeSerials(db: DbOrTx, upTo: number, keepFree: number[] = []): Promise<void> {
  const free = new Set(keepFree);
  const rows = [];
  for (let serial = 1; serial <= upTo; serial++) {
    if (free.has(serial)) continue;
    seq += 1;
    rows.push({
      element: 0,
      rarity: 3,
      name: `Serial holder ${seq}`,
      description: 'test',
      health: 1,
      healing: 1,
      gunDamage: 1,
      rocketDamage: 1,
      defense: 1,
      afterburner: 1,
      rocketRechargeTime: 1,
      rocketFireRate: 1,
      artSeed: seq,
      legendarySerial: serial,
    });
  }
  if (rows.length) await db.insert(ships).values(rows).onConflictDoNothing();
}

/** Everything a player holds, for before/after comparisons. */
export async function holdingsOf(db: DbOrTx, userId: string) {
  const [row] = await queryRows<{ ships: number; live_ships: number; openings: number; dnc: number; pieces: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM owned_ships WHERE user_id = ${userId}) AS ships,
               (SELECT count(*)::int FROM owned_ships WHERE user_id = ${userId} AND disposed_at IS NULL) AS live_ships,
               (SELECT count(*)::int FROM blind_box_openings WHERE user_id = ${userId}) AS openings,
               (SELECT coalesce(sum(amount), 0)::int FROM dnc_ledger WHERE user_id = ${userId}) AS dnc,
               (SELECT coalesce(sum(pieces), 0)::int FROM owned_house_pieces WHERE user_id = ${userId}) AS pieces`,
  );
  return row!;
}

export async function statusOf(
  db: DbOrTx,
  orderId: number,
): Promise<{ status: string; needs_review: boolean; fulfilled: boolean }> {
  const [row] = await queryRows<{ status: string; needs_review: boolean; fulfilled: boolean }>(
    db,
    sql`SELECT status, needs_review, fulfilled_at IS NOT NULL AS fulfilled FROM orders WHERE id = ${orderId}`,
  );
  return row!;
}

export async function nextNonceOf(db: DbOrTx, userId: string): Promise<number | null> {
  const [row] = await queryRows<{ next_nonce: number }>(
    db,
    sql`SELECT next_nonce FROM fairness_seeds WHERE user_id = ${userId} AND revealed_at IS NULL`,
  );
  return row ? Number(row.next_nonce) : null;
}
