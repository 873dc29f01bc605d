import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import type { ShipState } from '../../db/schema/index.ts';
import { creditDnc, dncBalance } from './dnc-ledger.ts';
import { lockShip, releaseShip } from './owned-ships.ts';

/**
 * Penguins players own and the ships sitting on them (decision 0039). Assets writes these
 * holdings (owned_penguins, penguin_assignments, penguin_collections); the penguins area
 * reads the collection and answers the calls. Every write takes the caller's `tx`.
 *
 * Earnings: an assigned ship earns `daily(rarity)` DNC per whole day since `accrued_from`;
 * a collect (one per player per UTC day, unique key) credits the whole days and moves
 * `accrued_from` on by them, so the part of a day in progress is kept for later.
 */

/** DNC an assigned ship earns per whole day on a penguin of this rarity (rate × boost). */
export type DailyDnc = (rarity: number) => number;

export type HeldPenguin = {
  ownedPenguinId: number;
  penguinId: number;
  name: string;
  rarity: number;
  artSeed: number;
  bankedDnc: number;
  /** whole days since accrued_from, 0 without a ship */
  wholeDays: number;
  ship: null | { ownedShipId: number; shipId: number; assignedAt: Date };
};

type Row = {
  owned_penguin_id: string | number;
  penguin_id: number;
  name: string;
  rarity: number;
  art_seed: string | number;
  banked_dnc: string | number;
  whole_days: string | number | null;
  owned_ship_id: string | number | null;
  ship_id: number | null;
  assigned_at: Date | string | null;
};

const WHOLE_DAYS = sql`floor(extract(epoch FROM (now() - a.accrued_from)) / 86400)::int`;

/** Gives a player penguins of the collection that nobody owns yet; returns those granted. */
export async function grantPenguins(tx: Tx, g: { userId: string; penguinIds: number[] }): Promise<number[]> {
  if (g.penguinIds.length === 0) return [];
  const rows = await queryRows<{ penguin_id: number }>(
    tx,
    sql`INSERT INTO owned_penguins (user_id, penguin_id)
        SELECT ${g.userId}::uuid, p FROM unnest(${`{${g.penguinIds.join(',')}}`}::int[]) AS p
        ON CONFLICT (penguin_id) DO NOTHING RETURNING penguin_id`,
  );
  return rows.map((r) => Number(r.penguin_id));
}

/** The player's penguins with their ship (if any), by penguin id. */
export async function penguinsOf(db: DbOrTx, userId: string, only?: { penguinId: number }): Promise<HeldPenguin[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT o.id AS owned_penguin_id, p.id AS penguin_id, p.name, p.rarity, p.art_seed, o.banked_dnc,
               ${WHOLE_DAYS} AS whole_days, a.owned_ship_id, s.ship_id, a.assigned_at
        FROM owned_penguins o JOIN penguins p ON p.id = o.penguin_id
        LEFT JOIN penguin_assignments a ON a.owned_penguin_id = o.id
        LEFT JOIN owned_ships s ON s.id = a.owned_ship_id
        WHERE o.user_id = ${userId} ${only ? sql`AND p.id = ${only.penguinId}` : sql``}
        ORDER BY p.id`,
  );
  return rows.map((r) => ({
    ownedPenguinId: Number(r.owned_penguin_id),
    penguinId: Number(r.penguin_id),
    name: r.name,
    rarity: Number(r.rarity),
    artSeed: Number(r.art_seed),
    bankedDnc: Number(r.banked_dnc),
    wholeDays: r.whole_days === null ? 0 : Math.max(0, Number(r.whole_days)),
    ship:
      r.owned_ship_id === null
        ? null
        : { ownedShipId: Number(r.owned_ship_id), shipId: Number(r.ship_id), assignedAt: new Date(r.assigned_at!) },
  }));
}

/** What a penguin holds: its accrued whole days at `daily`, plus what was banked. */
export const accruedOn = (p: HeldPenguin, daily: DailyDnc) => p.bankedDnc + p.wholeDays * daily(p.rarity);

export type AssignOutcome =
  | { ok: true }
  | { ok: false; reason: 'no-penguin' | 'no-ship' | 'penguin-busy' }
  | { ok: false; reason: 'ship-held'; current: Exclude<ShipState, 'available'> };

/**
 * Puts the player's available ship on the player's penguin. The penguin's row is locked
 * first (two ships for one penguin queue there), then the ship moves available → penguin in
 * one conditional UPDATE (two penguins for one ship: the second finds it held).
 */
export async function assignShipToPenguin(tx: Tx, a: { userId: string; penguinId: number; ownedShipId: number }): Promise<AssignOutcome> {
  const [penguin] = await queryRows<{ id: string | number }>(
    tx,
    sql`SELECT id FROM owned_penguins WHERE user_id = ${a.userId} AND penguin_id = ${a.penguinId} FOR UPDATE`,
  );
  if (!penguin) return { ok: false, reason: 'no-penguin' };
  const moved = await lockShip(tx, { userId: a.userId, ownedShipId: a.ownedShipId, to: 'penguin' });
  if (!moved.ok) {
    if (moved.current === null || moved.current === 'disposed') return { ok: false, reason: 'no-ship' };
    return { ok: false, reason: 'ship-held', current: moved.current as Exclude<ShipState, 'available'> };
  }
  // Read in its own statement after the lock: a subquery of the locking SELECT would see the
  // snapshot from before the wait, and miss the ship that the other transaction just put there.
  const [busy] = await queryRows<{ id: string | number }>(tx, sql`SELECT id FROM penguin_assignments WHERE owned_penguin_id = ${penguin.id}`);
  if (busy) return { ok: false, reason: 'penguin-busy' };
  await tx.execute(
    sql`INSERT INTO penguin_assignments (user_id, owned_penguin_id, owned_ship_id) VALUES (${a.userId}, ${penguin.id}, ${a.ownedShipId})`,
  );
  return { ok: true };
}

/**
 * Takes the ship off the player's penguin and gives it back (penguin → available). The whole
 * days it earned since the last collect stay on the penguin (banked) for the next collect;
 * the day in progress is not counted. Null when the penguin is not theirs or holds no ship.
 */
export async function removeShipFromPenguin(tx: Tx, r: { userId: string; penguinId: number; daily: DailyDnc }): Promise<{ banked: number } | null> {
  const [gone] = await queryRows<{ owned_penguin_id: string | number; owned_ship_id: string | number; rarity: number; whole_days: number }>(
    tx,
    sql`DELETE FROM penguin_assignments a USING owned_penguins o, penguins p
        WHERE a.owned_penguin_id = o.id AND p.id = o.penguin_id AND o.user_id = ${r.userId} AND a.user_id = ${r.userId} AND p.id = ${r.penguinId}
        RETURNING a.owned_penguin_id, a.owned_ship_id, p.rarity, ${WHOLE_DAYS} AS whole_days`,
  );
  if (!gone) return null;
  const banked = Math.max(0, Number(gone.whole_days)) * r.daily(Number(gone.rarity));
  if (banked > 0) await tx.execute(sql`UPDATE owned_penguins SET banked_dnc = banked_dnc + ${banked} WHERE id = ${gone.owned_penguin_id}`);
  const back = await releaseShip(tx, { userId: r.userId, ownedShipId: Number(gone.owned_ship_id), from: 'penguin' });
  if (!back.ok) throw new Error(`penguin ${r.penguinId}: its ship ${gone.owned_ship_id} was not in state penguin (${back.current})`);
  return { banked };
}

export type CollectOutcome = { ok: true; amount: number; balance: number } | { ok: false; reason: 'collected-today' | 'nothing-yet' };

/**
 * Today's collect (UTC day): claims the day's row first (of two collects at once, the second
 * waits on the unique key and then finds it taken), then credits every whole day earned and
 * banked, and moves each ship's `accrued_from` on by the days credited. With nothing to
 * credit the claim is deleted again, so the player may collect later the same day.
 */
export async function collectPenguinEarnings(tx: Tx, c: { userId: string; daily: DailyDnc }): Promise<CollectOutcome> {
  const [claim] = await queryRows<{ id: string | number }>(
    tx,
    sql`INSERT INTO penguin_collections (user_id, day) VALUES (${c.userId}, (now() AT TIME ZONE 'UTC')::date)
        ON CONFLICT (user_id, day) DO NOTHING RETURNING id`,
  );
  if (!claim) return { ok: false, reason: 'collected-today' };
  const ships = await queryRows<{ id: string | number; rarity: number; whole_days: number }>(
    tx,
    sql`SELECT a.id, p.rarity, ${WHOLE_DAYS} AS whole_days
        FROM penguin_assignments a JOIN owned_penguins o ON o.id = a.owned_penguin_id JOIN penguins p ON p.id = o.penguin_id
        WHERE a.user_id = ${c.userId} FOR UPDATE OF a`,
  );
  let amount = 0;
  for (const s of ships) {
    const days = Math.max(0, Number(s.whole_days));
    if (days === 0) continue;
    amount += days * c.daily(Number(s.rarity));
    await tx.execute(sql`UPDATE penguin_assignments SET accrued_from = accrued_from + make_interval(days => ${days}::int) WHERE id = ${s.id}`);
  }
  // Locked then lowered by what was read (not set to 0), so days banked by a removal that
  // commits meanwhile are never lost.
  const banked = await queryRows<{ id: string | number; banked_dnc: string | number }>(
    tx,
    sql`SELECT id, banked_dnc FROM owned_penguins WHERE user_id = ${c.userId} AND banked_dnc > 0 FOR UPDATE`,
  );
  for (const b of banked) {
    amount += Number(b.banked_dnc);
    await tx.execute(sql`UPDATE owned_penguins SET banked_dnc = banked_dnc - ${Number(b.banked_dnc)} WHERE id = ${b.id}`);
  }
  if (amount === 0) {
    await tx.execute(sql`DELETE FROM penguin_collections WHERE id = ${claim.id}`);
    return { ok: false, reason: 'nothing-yet' };
  }
  await tx.execute(sql`UPDATE penguin_collections SET amount = ${amount} WHERE id = ${claim.id}`);
  await creditDnc(tx, { userId: c.userId, amount, reason: `penguin collect ${claim.id}` });
  return { ok: true, amount, balance: await dncBalance(tx, c.userId) };
}

/** Whether the player has collected today (UTC). */
export async function collectedToday(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ done: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM penguin_collections WHERE user_id = ${userId} AND day = (now() AT TIME ZONE 'UTC')::date) AS done`,
  );
  return Boolean(row?.done);
}
