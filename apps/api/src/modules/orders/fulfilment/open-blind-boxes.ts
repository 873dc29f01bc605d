import { RARITY_LEGENDARY, RARITY_NAMES } from '@starport/schemas/fairness';
import type { Tx } from '../../../db/client.ts';
import { grantShips, shipsOfOrderLines } from '../../assets/index.ts';
import { claimLegendarySerials, createShip } from '../../catalogue/index.ts';
import { drawOpening, openingsOfOrderLines, recordOpening, takeNonces, type Draw } from '../../fairness/index.ts';
import { blindBoxesForOpening, moveTierSupplies, type BoxForOpening, type TierMove } from '../../shop/index.ts';
import type { OrderLineRow } from '../orders.repo.ts';
import { heldBoxesOf } from '../reservations.repo.ts';
import { FulfilmentBlocked, type BlindBoxGrant, type GrantedOrder } from './grants.ts';

type ClosedBox = { line: OrderLineRow; boxIndex: number };
type DrawnBox = ClosedBox & { draw: Draw };

/**
 * Opens every still-closed box of the order's blind-box lines, provably fairly, and gives the
 * player the ship each one holds (docs/decisions/0017), each table through its owner:
 * 1. nonces for all of them from the player's active seed pair, in one UPDATE (made if missing: fairness);
 * 2. each box's draw with the box's odds as they are now (shop; recorded on the opening);
 * 3. tier supply (shop): a box the order holds (one of every tier, taken when the order
 *    opened) keeps the drawn tier and gives the three others back; a box the order does not
 *    hold (an order opened before tiers existed) takes the drawn tier now, or is blocked when
 *    it is empty;
 * 4. a Legendary draw gets the lowest free serial 1..150, or is blocked when none is left (catalogue);
 * 5. a new ship of the drawn element and rarity (catalogue), its opening (fairness) and the
 *    player's copy of it (assets).
 * Locks are taken in one order (the seed pair, the tier rows by box and rarity, the serial
 * lock), so two fulfilments never wait on each other in a circle. Boxes already opened are
 * skipped; (line, box) is unique on the openings, so a box cannot be opened twice.
 */
export async function openBlindBoxes(tx: Tx, order: GrantedOrder, lines: OrderLineRow[]): Promise<BlindBoxGrant[]> {
  if (lines.length === 0) return [];
  const lineIds = lines.map((l) => l.id);
  const done = new Set((await openingsOfOrderLines(tx, lineIds)).map((o) => `${o.orderLineId}:${o.boxIndex}`));
  const closed = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, (_, boxIndex) => ({ line, boxIndex })).filter(
      (b) => !done.has(`${line.id}:${b.boxIndex}`),
    ),
  );
  if (closed.length > 0) await openBoxes(tx, order, lines, closed);
  return readGrants(tx, lines);
}

async function openBoxes(tx: Tx, order: GrantedOrder, lines: OrderLineRow[], closed: ClosedBox[]): Promise<void> {
  const boxes = await blindBoxesForOpening(tx, [...new Set(lines.map((l) => l.blindBoxCode!))]);
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
    const legendarySerial = draw.rarity === RARITY_LEGENDARY ? serials.shift()! : null;
    const shipId = await createShip(tx, { element: draw.element, rarity: draw.rarity, detailSeed: draw.detailSeed, legendarySerial });
    await recordOpening(tx, {
      orderLineId: line.id,
      boxIndex,
      userId: order.userId,
      boxCode: box.code,
      seedId: pair.id,
      draw,
      odds: box.odds,
      shipId,
    });
    await grantShips(tx, {
      userId: order.userId,
      source: 'blindbox',
      orderLineId: line.id,
      copies: [{ shipId, copyIndex: boxIndex }],
      paidMicro: line.unitSellPriceMicro,
    });
  }
}

/**
 * The tier moves of the drawn boxes, applied by the shop. A box holds one of every tier when
 * the order still has an unreleased reservation covering all its boxes of that code.
 */
async function settleTiers(
  tx: Tx,
  order: GrantedOrder,
  lines: OrderLineRow[],
  drawn: DrawnBox[],
  boxes: Map<string, BoxForOpening>,
) {
  const held = await heldBoxesOf(tx, order.id);
  const bought = new Map<string, number>();
  for (const l of lines) bought.set(l.blindBoxCode!, (bought.get(l.blindBoxCode!) ?? 0) + l.quantity);

  const moves: TierMove[] = [];
  for (const { line, draw } of drawn) {
    const boxCode = line.blindBoxCode!;
    if (!boxes.get(boxCode)!.hasTiers) continue;
    if ((held.get(boxCode) ?? 0) >= bought.get(boxCode)!) {
      for (let rarity = 0; rarity < RARITY_NAMES.length; rarity++) if (rarity !== draw.rarity) moves.push({ boxCode, rarity, delta: 1 });
    } else {
      moves.push({ boxCode, rarity: draw.rarity, delta: -1 });
    }
  }
  const moved = await moveTierSupplies(tx, moves);
  if (!moved.ok) {
    throw new FulfilmentBlocked(`The ${RARITY_NAMES[moved.rarity]} ships of the ${boxes.get(moved.boxCode)!.name} are sold out.`);
  }
}

/** What the order's blind-box lines granted: each opening (fairness) with the player's copy (assets). */
async function readGrants(tx: Tx, lines: OrderLineRow[]): Promise<BlindBoxGrant[]> {
  const lineIds = lines.map((l) => l.id);
  const openings = await openingsOfOrderLines(tx, lineIds);
  const copies = new Map((await shipsOfOrderLines(tx, lineIds)).map((s) => [`${s.orderLineId}:${s.copyIndex}`, s.id]));
  return lines.map((line) => ({
    order_line_id: line.id,
    object: 'blindbox' as const,
    box_code: line.blindBoxCode!,
    openings: openings
      .filter((o) => o.orderLineId === line.id)
      .map((o) => ({
        opening_id: o.id,
        box_index: o.boxIndex,
        nonce: o.nonce,
        roll: o.roll,
        rarity: o.rarity,
        ship_id: o.shipId,
        owned_ship_id: copies.get(`${o.orderLineId}:${o.boxIndex}`) ?? 0,
      })),
  }));
}
