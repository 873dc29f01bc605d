import { RARITY_NAMES, type OddsBps } from '@starport/schemas/fairness';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { blindBoxes } from '../../db/schema/index.ts';

/**
 * The blind boxes the shop sells and their tier supplies (blind_box_tiers): how many ships of
 * each rarity a box can still hand out. Lock order, the same everywhere so that two
 * transactions queue instead of deadlocking: a box's four tier rows in rarity order, boxes
 * in code order (docs/decisions/0017, 0018).
 */

/** A box as an opening needs it: its odds as they are now, and whether its supply is counted in tiers. */
export type BoxForOpening = { code: string; name: string; odds: OddsBps; hasTiers: boolean };

const textList = (values: string[]): SQL => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** One tier per rarity (blind_box_tiers.rarity 0..3). */
const BOX_TIERS = RARITY_NAMES.length;

/**
 * Locks a box's tier rows in rarity order and reads their supplies. Every change of a box's
 * tiers goes through this first: the rows are then ours until commit, so the UPDATE that
 * follows (a new statement, a new snapshot) sees the supplies just read.
 */
async function lockTiers(tx: Tx, boxCode: string): Promise<number[]> {
  const rows = await queryRows<{ supply: number }>(
    tx,
    sql`SELECT supply FROM blind_box_tiers WHERE box_code = ${boxCode} ORDER BY rarity FOR UPDATE`,
  );
  return rows.map((r) => Number(r.supply));
}

/**
 * Takes `quantity` boxes for a pending order: one of every tier per box, so whatever a box
 * draws when it opens is there. All four tiers or nothing. Returns null when taken, else how
 * many boxes are left (the smallest tier; 0 for a box whose tiers are not all seeded).
 */
export async function takeBoxTiers(tx: Tx, boxCode: string, quantity: number): Promise<number | null> {
  const supplies = await lockTiers(tx, boxCode);
  const left = supplies.length === BOX_TIERS ? Math.min(...supplies) : 0;
  if (left < quantity) return left;
  const taken = await queryRows<{ rarity: number }>(
    tx,
    sql`UPDATE blind_box_tiers SET supply = supply - ${quantity}
        WHERE box_code = ${boxCode} AND supply >= ${quantity} RETURNING rarity`,
  );
  // The rows are locked by us: anything else is a bug, and throwing rolls the order back.
  if (taken.length !== BOX_TIERS) throw new Error(`blind box ${boxCode}: took ${taken.length} of ${BOX_TIERS} tiers`);
  return null;
}

/** Gives boxes an order held back to all four tiers, boxes in code order. */
export async function returnBoxTiers(tx: Tx, boxes: { boxCode: string; quantity: number }[]): Promise<void> {
  const sorted = [...boxes].sort((a, b) => (a.boxCode < b.boxCode ? -1 : a.boxCode > b.boxCode ? 1 : 0));
  for (const b of sorted) {
    await lockTiers(tx, b.boxCode);
    await tx.execute(sql`UPDATE blind_box_tiers SET supply = supply + ${b.quantity} WHERE box_code = ${b.boxCode}`);
  }
}

export async function blindBoxesForOpening(db: DbOrTx, codes: string[]): Promise<Map<string, BoxForOpening>> {
  if (codes.length === 0) return new Map();
  const rows = await db.select().from(blindBoxes).where(inArray(blindBoxes.code, codes));
  const tiered = await queryRows<{ box_code: string }>(
    db,
    sql`SELECT DISTINCT box_code FROM blind_box_tiers WHERE box_code IN (${textList(codes)})`,
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

/** A change of one tier's supply: + gives ships back, − takes them. */
export type TierMove = { boxCode: string; rarity: number; delta: number };
export type TierMoveResult = { ok: true } | { ok: false; boxCode: string; rarity: number };

/**
 * Applies the tier moves all or nothing (in the caller's transaction): first every touched
 * box's four rows are locked, in rarity order, boxes in code order; then one UPDATE per
 * (box, rarity) in that order. A tier never goes below zero (the UPDATE's condition, with the
 * table's CHECK as the backstop): the first move that would is reported and the caller rolls
 * back. Moves of the same tier are summed; a zero sum is not applied.
 */
export async function moveTierSupplies(tx: Tx, moves: TierMove[]): Promise<TierMoveResult> {
  const summed = new Map<string, TierMove>();
  for (const m of moves) {
    const key = `${m.boxCode}\u0000${m.rarity}`;
    const entry = summed.get(key) ?? { boxCode: m.boxCode, rarity: m.rarity, delta: 0 };
    entry.delta += m.delta;
    summed.set(key, entry);
  }
  const ordered = [...summed.values()]
    .filter((m) => m.delta !== 0)
    .sort((a, b) => (a.boxCode < b.boxCode ? -1 : a.boxCode > b.boxCode ? 1 : a.rarity - b.rarity));
  for (const code of [...new Set(ordered.map((m) => m.boxCode))]) await lockTiers(tx, code);
  for (const { boxCode, rarity, delta } of ordered) {
    const moved = await queryRows<{ supply: number }>(
      tx,
      sql`UPDATE blind_box_tiers SET supply = supply + ${delta}
          WHERE box_code = ${boxCode} AND rarity = ${rarity} AND supply + ${delta} >= 0 RETURNING supply`,
    );
    if (moved.length === 0) return { ok: false, boxCode, rarity };
  }
  return { ok: true };
}
