import { dailyPenguinDnc, type MyPenguin, type MyPenguinsResponse } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import {
  accruedOn,
  assignShipToPenguin,
  collectedToday,
  collectPenguinEarnings,
  penguinsOf,
  removeShipFromPenguin,
  type DailyDnc,
  type HeldPenguin,
  type ShipState,
} from '../assets/index.ts';
import { SHIP_COLUMNS, shipItem, type ShipColumns } from '../catalogue/index.ts';
import { penguinView } from './penguin-collection.ts';
import { readPenguinRate } from './penguin-rate.ts';

/**
 * Penguin staking for the signed-in player (owned-assets.md §2.10, §4.6; decision 0039). The
 * holdings move through the assets front door only; this file turns its outcomes into the
 * player's answers and messages.
 */

const conflict = (msg: string) => new AppError('CONFLICT', 409, msg);
const notYourPenguin = () => notFound('That is not one of your penguins.');
const notYourShip = () => notFound('That is not one of your ships.');

/** Why a ship cannot go on a penguin: what holds it. */
export const SHIP_HELD_BY: Record<Exclude<ShipState, 'available'>, string> = {
  penguin: 'This ship is already assigned to a penguin.',
  listed: 'This ship is listed for sale: cancel the listing before assigning it to a penguin.',
  staked: 'This ship is staked: unstake it before assigning it to a penguin.',
  minting: 'This ship is being converted to an NFT: it cannot be assigned now.',
  minted: 'This ship is an NFT in your wallet: it cannot be assigned to a penguin.',
};

const dailyAt = (rate: number): DailyDnc => (rarity) => dailyPenguinDnc(rate, rarity);

async function shipsById(db: DbOrTx, shipIds: number[]): Promise<Map<number, ShipColumns>> {
  if (shipIds.length === 0) return new Map();
  const rows = await queryRows<ShipColumns>(
    db,
    sql`SELECT ${SHIP_COLUMNS} FROM ships s WHERE s.id IN (${sql.join(shipIds.map((id) => sql`${id}`), sql`, `)})`,
  );
  return new Map(rows.map((r) => [Number(r.ship_id), r]));
}

async function views(db: DbOrTx, held: HeldPenguin[], rate: number): Promise<MyPenguin[]> {
  const ships = await shipsById(db, held.flatMap((p) => (p.ship ? [p.ship.shipId] : [])));
  return held.map((p) => {
    const columns = p.ship ? ships.get(p.ship.shipId) : undefined;
    const item = columns ? shipItem(columns) : null;
    return {
      ...penguinView(p, rate),
      spaceship:
        p.ship && item
          ? {
              _id: String(p.ship.ownedShipId),
              assigned_at: p.ship.assignedAt.toISOString(),
              item: { image: item.image, name: item.name, element: item.element ?? 0, rarity: item.rarity ?? 0 },
            }
          : null,
      accrued_dnc: accruedOn(p, dailyAt(rate)),
    };
  });
}

const nextUtcMidnight = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();

export async function myPenguins(db: Db, userId: string): Promise<Omit<MyPenguinsResponse, 'error'>> {
  const rate = await readPenguinRate(db);
  const data = await views(db, await penguinsOf(db, userId), rate);
  const done = await collectedToday(db, userId);
  return {
    data,
    rate_per_day: rate,
    accrued_total: data.reduce((sum, p) => sum + p.accrued_dnc, 0),
    collected_today: done,
    next_collect_at: done ? nextUtcMidnight() : null,
  };
}

/** Puts the player's ship on the player's penguin; answers the penguin as the page shows it. */
export async function assignShip(db: Db, a: { userId: string; penguinId: number; ownedShipId: number }): Promise<MyPenguin> {
  const rate = await readPenguinRate(db);
  return db.transaction(async (tx) => {
    const out = await assignShipToPenguin(tx, a);
    if (!out.ok) {
      if (out.reason === 'no-penguin') throw notYourPenguin();
      if (out.reason === 'no-ship') throw notYourShip();
      if (out.reason === 'penguin-busy') throw conflict('This penguin already holds a ship: remove it first.');
      if (out.reason === 'ship-held') throw conflict(SHIP_HELD_BY[out.current]);
    }
    const [view] = await views(tx, await penguinsOf(tx, a.userId, { penguinId: a.penguinId }), rate);
    return view!;
  });
}

export async function removeShip(db: Db, r: { userId: string; penguinId: number }): Promise<{ banked: number }> {
  const rate = await readPenguinRate(db);
  return db.transaction(async (tx) => {
    const out = await removeShipFromPenguin(tx, { ...r, daily: dailyAt(rate) });
    if (out) return out;
    const [mine] = await penguinsOf(tx, r.userId, { penguinId: r.penguinId });
    if (!mine) throw notYourPenguin();
    throw conflict('This penguin holds no ship.');
  });
}

export async function collect(db: Db, userId: string): Promise<{ amount: number; balance: number }> {
  const rate = await readPenguinRate(db);
  return db.transaction(async (tx) => {
    const out = await collectPenguinEarnings(tx, { userId, daily: dailyAt(rate) });
    if (out.ok) return { amount: out.amount, balance: out.balance };
    if (out.reason === 'collected-today') throw conflict('You have already collected today. Come back tomorrow (UTC).');
    throw conflict('Nothing to collect yet: an assigned ship earns its first DNC after one full day.');
  });
}
