import { mulberry32 } from '@starport/schemas/prng';
import { RARITY_LEGENDARY, RARITY_NAMES, type OddsBps } from '@starport/schemas/fairness';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../db/client.ts';
import { blindBoxOpenings, blindBoxes, ownedShips, ships } from '../../../db/schema/index.ts';
import { claimLegendarySerials } from '../../catalogue/index.ts';
import { generateShipDetails } from '../../catalogue/index.ts';
import { drawOpening, type Draw } from '../../fairness/index.ts';
import { takeNonces } from '../../fairness/index.ts';
import type { OrderLineRow } from '../orders.repo.ts';
import { FulfilmentBlocked, type BlindBoxGrant, type GrantedOrder } from './grants.ts';

type Box = { code: string; name: string; odds: OddsBps; hasTiers: boolean };
type ClosedBox = { line: OrderLineRow; boxIndex: number };
type DrawnBox = ClosedBox & { draw: Draw };

const idList = (ids: number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Opens every still-closed box of the order's blind-box lines, provably fairly, and gives the
 * player the ship each one holds (docs/decisions/0017):
 * 1. nonces for all of them from the player's active seed pair, in one UPDATE (made if missing);
 * 2. each box's draw with the box's odds as they are now (recorded on the opening);
 * 3. tier supply: a box the order holds (one of every tier, taken when the order opened) keeps
 *    the drawn tier and gives the three others back; a box the order does not hold (an order
 *    opened before tiers existed) takes the drawn tier now, or is blocked when it is empty;
 * 4. a Legendary draw gets the lowest free serial 1..150, or is blocked when none is left;
 * 5. a new ship of the drawn element and rarity, its opening row and its owned_ships row.
 * Locks are taken in one order (the seed pair, the tier rows by box and rarity, the serial
 * lock), so two fulfilments never wait on each other in a circle. Boxes already opened are
 * skipped; (line, box) is unique on the openings, so a box cannot be opened twice.
 */
export async function openBlindBoxes(tx: Tx, order: GrantedOrder, lines: OrderLineRow[]): Promise<BlindBoxGrant[]> {
  if (lines.length === 0) return [];
  const opened = await queryRows<{ order_line_id: string | number; box_index: number }>(
    tx,
    sql`SELECT order_line_id, box_index FROM blind_box_openings WHERE order_line_id IN (${idList(lines.map((l) => l.id))})`,
  );
  const done = new Set(opened.map((o) => `${Number(o.order_line_id)}:${o.box_index}`));
  const closed = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, boxIndex) => ({ line, boxIndex })).filter(
      (b) => !done.has(`${line.id}:${b.boxIndex}`),
    ),
  );
  if (closed.length > 0) await openBoxes(tx, order, lines, closed);
  return readGrants(tx, lines);
}

async function openBoxes(tx: Tx, order: GrantedOrder, lines: OrderLineRow[], closed: ClosedBox[]): Promise<void> {
  const boxes = await readBoxes(tx, [...new Set(lines.map((l) => l.blindBoxCode!))]);
  const { pair, first } = await takeNonces(tx, order.userId, closed.length);
  const drawn: DrawnBox[] = [];
  for (const [i, box] of closed.entries()) {
    const odds = boxes.get(box.line.blindBoxCode!)!.odds;
    drawn.push({ ...box, draw: await drawOpening(pair.serverSeed, pair.clientSeed, first + i, odds) });
  }

  await settleTiers(tx, order, lines, drawn, boxes);

  const legendary = drawn.filter((d) => d.draw.rarity === RARITY_LEGENDARY).length;
  const serials = await claimLegendarySerials(tx, legendary);
  if (serials.length < legendary) {
    throw new FulfilmentBlocked(
      `All Legendary ships exist already: ${legendary} drawn, ${serials.length} serials left.`,
    );
  }

  for (const { line, boxIndex, draw } of drawn) {
    const box = boxes.get(line.blindBoxCode!)!;
    const serial = draw.rarity === RARITY_LEGENDARY ? serials.shift()! : null;
    const details = generateShipDetails(mulberry32(draw.detailSeed), draw.element, draw.rarity, serial);
    const [ship] = await tx
      .insert(ships)
      .values({ element: draw.element, rarity: draw.rarity, ...details, legendarySerial: serial })
      .returning({ id: ships.id });
    await tx.insert(blindBoxOpenings).values({
      orderLineId: line.id,
      boxIndex,
      userId: order.userId,
      boxCode: box.code,
      seedId: pair.id,
      nonce: draw.nonce,
      roll: draw.roll,
      rarity: draw.rarity,
      oddsCommonBps: box.odds[0],
      oddsRareBps: box.odds[1],
      oddsEpicBps: box.odds[2],
      oddsLegendaryBps: box.odds[3],
      shipId: ship!.id,
    });
    await tx.insert(ownedShips).values({
      userId: order.userId,
      shipId: ship!.id,
      source: 'blindbox',
      orderLineId: line.id,
      copyIndex: boxIndex,
    });
  }
}

/** The boxes' odds as they are now, and whether their supply is counted in tiers. */
async function readBoxes(tx: Tx, codes: string[]): Promise<Map<string, Box>> {
  const rows = await tx.select().from(blindBoxes).where(inArray(blindBoxes.code, codes));
  const tiered = await queryRows<{ box_code: string }>(
    tx,
    sql`SELECT DISTINCT box_code FROM blind_box_tiers WHERE box_code IN (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )})`,
  );
  const withTiers = new Set(tiered.map((t) => t.box_code));
  return new Map(
    rows.map((b) => [
      b.code,
      {
        code: b.code,
        name: b.name,
        odds: [b.oddsCommonBps, b.oddsRareBps, b.oddsEpicBps, b.oddsLegendaryBps] as const,
        hasTiers: withTiers.has(b.code),
      },
    ]),
  );
}

/**
 * Moves the tier supplies for the drawn boxes, one UPDATE per (box, rarity), in that order,
 * after locking the box's tier rows.
 * A box holds one of every tier when the order still has an unreleased reservation covering
 * all its boxes of that code (blind_box_reservations); a tier never goes below zero (the
 * UPDATE's condition, with the table's CHECK as the backstop).
 */
async function settleTiers(
  tx: Tx,
  order: GrantedOrder,
  lines: OrderLineRow[],
  drawn: DrawnBox[],
  boxes: Map<string, Box>,
) {
  const reserved = await queryRows<{ box_code: string; quantity: number }>(
    tx,
    sql`SELECT box_code, sum(quantity)::int AS quantity FROM blind_box_reservations
        WHERE order_id = ${order.id} AND released_at IS NULL GROUP BY box_code`,
  );
  const held = new Map(reserved.map((r) => [r.box_code, Number(r.quantity)]));
  const bought = new Map<string, number>();
  for (const l of lines) bought.set(l.blindBoxCode!, (bought.get(l.blindBoxCode!) ?? 0) + l.quantity);

  const deltas = new Map<string, { code: string; rarity: number; delta: number }>();
  const add = (code: string, rarity: number, delta: number) => {
    const key = `${code}\u0000${rarity}`;
    const entry = deltas.get(key) ?? { code, rarity, delta: 0 };
    entry.delta += delta;
    deltas.set(key, entry);
  };
  for (const { line, draw } of drawn) {
    const code = line.blindBoxCode!;
    if (!boxes.get(code)!.hasTiers) continue;
    if ((held.get(code) ?? 0) >= bought.get(code)!) {
      for (let rarity = 0; rarity < RARITY_NAMES.length; rarity++) if (rarity !== draw.rarity) add(code, rarity, 1);
    } else {
      add(code, draw.rarity, -1);
    }
  }
  const ordered = [...deltas.values()]
    .filter((d) => d.delta !== 0)
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : a.rarity - b.rarity));
  // All four rows of each box first, in rarity order, as orders take and release them
  // (reservations.repo.ts): openings of one box queue here, never in a circle with a sale.
  for (const code of [...new Set(ordered.map((d) => d.code))]) {
    await tx.execute(sql`SELECT rarity FROM blind_box_tiers WHERE box_code = ${code} ORDER BY rarity FOR UPDATE`);
  }
  for (const { code, rarity, delta } of ordered) {
    const moved = await queryRows<{ supply: number }>(
      tx,
      sql`UPDATE blind_box_tiers SET supply = supply + ${delta}
          WHERE box_code = ${code} AND rarity = ${rarity} AND supply + ${delta} >= 0 RETURNING supply`,
    );
    if (moved.length === 0) {
      throw new FulfilmentBlocked(`The ${RARITY_NAMES[rarity]} ships of the ${boxes.get(code)!.name} are sold out.`);
    }
  }
}

async function readGrants(tx: Tx, lines: OrderLineRow[]): Promise<BlindBoxGrant[]> {
  const rows = await queryRows<{
    id: string | number;
    order_line_id: string | number;
    box_index: number;
    nonce: number;
    roll: number;
    rarity: number;
    ship_id: number;
    owned_ship_id: string | number | null;
  }>(
    tx,
    sql`SELECT o.id, o.order_line_id, o.box_index, o.nonce, o.roll, o.rarity, o.ship_id, os.id AS owned_ship_id
        FROM blind_box_openings o
        LEFT JOIN owned_ships os ON os.order_line_id = o.order_line_id AND os.copy_index = o.box_index
        WHERE o.order_line_id IN (${idList(lines.map((l) => l.id))})
        ORDER BY o.order_line_id, o.box_index`,
  );
  return lines.map((line) => ({
    order_line_id: line.id,
    object: 'blindbox' as const,
    box_code: line.blindBoxCode!,
    openings: rows
      .filter((r) => Number(r.order_line_id) === line.id)
      .map((r) => ({
        opening_id: Number(r.id),
        box_index: Number(r.box_index),
        nonce: Number(r.nonce),
        roll: Number(r.roll),
        rarity: Number(r.rarity),
        ship_id: Number(r.ship_id),
        owned_ship_id: Number(r.owned_ship_id),
      })),
  }));
}
