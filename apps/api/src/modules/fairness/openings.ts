import type { OddsBps } from '@starport/schemas/fairness';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { blindBoxOpenings } from '../../db/schema/index.ts';
import type { Draw } from './draw.ts';

/**
 * The record of each blind box opened (blind_box_openings): which seed pair and nonce drew
 * it, with the odds as they were, so anyone can check it once the pair is revealed. A box
 * comes from an order line or from a redeem code's redemption, never both (a CHECK). Unique
 * per (order line, box), per (redemption, box) and per (pair, nonce): a box cannot be opened twice.
 */

/** Where the box came from: the order line it was bought on, or the redemption that granted it. */
export type OpeningSource = { orderLineId: number; redemptionId?: never } | { redemptionId: number; orderLineId?: never };

export type NewOpening = OpeningSource & {
  boxIndex: number;
  userId: string;
  boxCode: string;
  seedId: number;
  draw: Pick<Draw, 'nonce' | 'roll' | 'rarity'>;
  odds: OddsBps;
  shipId: number;
};

export type RecordedOpening = {
  id: number;
  orderLineId: number;
  boxIndex: number;
  nonce: number;
  roll: number;
  rarity: number;
  shipId: number;
};

export async function recordOpening(tx: Tx, o: NewOpening): Promise<number> {
  const [row] = await tx
    .insert(blindBoxOpenings)
    .values({
      orderLineId: o.orderLineId ?? null,
      redemptionId: o.redemptionId ?? null,
      boxIndex: o.boxIndex,
      userId: o.userId,
      boxCode: o.boxCode,
      seedId: o.seedId,
      nonce: o.draw.nonce,
      roll: o.draw.roll,
      rarity: o.draw.rarity,
      oddsCommonBps: o.odds[0],
      oddsRareBps: o.odds[1],
      oddsEpicBps: o.odds[2],
      oddsLegendaryBps: o.odds[3],
      shipId: o.shipId,
    })
    .returning({ id: blindBoxOpenings.id });
  return row!.id;
}

const list = (values: number[]): SQL => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** The boxes of these order lines opened so far, by line then box. */
export async function openingsOfOrderLines(db: DbOrTx, orderLineIds: number[]): Promise<RecordedOpening[]> {
  if (orderLineIds.length === 0) return [];
  const rows = await queryRows<{
    id: string | number;
    order_line_id: string | number;
    box_index: number;
    nonce: number;
    roll: number;
    rarity: number;
    ship_id: number;
  }>(
    db,
    sql`SELECT id, order_line_id, box_index, nonce, roll, rarity, ship_id FROM blind_box_openings
        WHERE order_line_id IN (${list(orderLineIds)}) ORDER BY order_line_id, box_index`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    orderLineId: Number(r.order_line_id),
    boxIndex: Number(r.box_index),
    nonce: Number(r.nonce),
    roll: Number(r.roll),
    rarity: Number(r.rarity),
    shipId: Number(r.ship_id),
  }));
}
