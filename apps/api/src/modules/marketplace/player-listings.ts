import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { creditDnc, debitDnc, lockShip, releaseShip, type ShipState } from '../assets/index.ts';
import { createDncPack } from '../catalogue/index.ts';
import { LISTING_EXPIRY_JOB } from './listing-expiry-job-kind.ts';

/**
 * Players selling to players (owned-assets.md §4.3, §5): a ship listing names the exact copy,
 * which is locked ('listed') while the listing is open; a DNC listing takes its amount from
 * the balance into escrow (a debit) when it is made. Cancelling or expiring gives either back,
 * once: every end is one conditional UPDATE from 'listed', so of a cancel, an expiry and a
 * purchase racing for one listing exactly one wins (the purchase takes it to 'reserved').
 */

export type NewListing = { sellerId: string; priceMicro: bigint; expiresInDays: number | null };

const notYourShip = () => notFound('That is not one of your ships.');
const conflict = (msg: string) => new AppError('CONFLICT', 409, msg);

const HELD_BY: Record<Exclude<ShipState, 'available'>, string> = {
  listed: 'This ship is already listed for sale.',
  penguin: 'This ship is assigned to a penguin: remove it from the penguin before listing it.',
  staked: 'This ship is staked: unstake it before listing it.',
  minting: 'This ship is being converted to an NFT: it cannot be listed now.',
  minted: 'This ship is an NFT in your wallet: it cannot be listed here.',
};

/** Lists one of the seller's available ships; returns the new listing's id. */
export async function listShip(db: Db, l: NewListing & { item: string }): Promise<number> {
  if (!/^[1-9]\d{0,17}$/.test(l.item)) throw notYourShip();
  const ownedShipId = Number(l.item);
  return db.transaction(async (tx) => {
    const locked = await lockShip(tx, { userId: l.sellerId, ownedShipId, to: 'listed' });
    if (!locked.ok) {
      if (locked.current === null || locked.current === 'disposed') throw notYourShip();
      throw conflict(HELD_BY[locked.current as Exclude<ShipState, 'available'>]);
    }
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO marketplace_listings (kind, ship_id, element, rarity, price_micro, sell_price_micro, seller_id, owned_ship_id, expires_at)
          SELECT 'ship', s.id, s.element, s.rarity, ${l.priceMicro.toString()}::bigint, ${l.priceMicro.toString()}::bigint,
                 ${l.sellerId}::uuid, ${ownedShipId}::bigint, ${expiry(l.expiresInDays)}
          FROM ships s WHERE s.id = ${locked.shipId}
          RETURNING id::text AS id`,
    );
    return scheduleExpiry(tx, Number(row!.id), l.expiresInDays);
  });
}

/**
 * Lists `dnc` DNC of the seller's balance as one lot at `priceMicro`. The debit locks the
 * player's ledger, so two listings that together exceed the balance give exactly one.
 */
export async function listDnc(db: Db, l: NewListing & { dnc: number }): Promise<number> {
  return db.transaction(async (tx) => {
    const packId = await createDncPack(tx, { amount: l.dnc, priceMicro: l.priceMicro });
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`INSERT INTO marketplace_listings (kind, dnc_pack_id, price_micro, sell_price_micro, seller_id, expires_at)
          VALUES ('dnc', ${packId}, ${l.priceMicro.toString()}::bigint, ${l.priceMicro.toString()}::bigint, ${l.sellerId}::uuid,
                  ${expiry(l.expiresInDays)})
          RETURNING id::text AS id`,
    );
    const listingId = Number(row!.id);
    const debit = await debitDnc(tx, { userId: l.sellerId, amount: l.dnc, reason: `listing ${listingId}` });
    // The spec's sentence (owned-assets.md §5); the transaction rolls the listing back.
    if (!debit.ok) throw badRequest(`Please enter total DNC to sell less than ${debit.balance}`);
    return scheduleExpiry(tx, listingId, l.expiresInDays);
  });
}

const expiry = (days: number | null) => (days === null ? sql`NULL::timestamptz` : sql`now() + make_interval(days => ${days}::int)`);

async function scheduleExpiry(tx: Tx, listingId: number, days: number | null): Promise<number> {
  if (days !== null) {
    const [row] = await queryRows<{ expires_at: Date | string }>(tx, sql`SELECT expires_at FROM marketplace_listings WHERE id = ${listingId}`);
    await enqueueJob(tx, LISTING_EXPIRY_JOB, { listingId }, { runAt: new Date(row!.expires_at), dedupeKey: `listing-expiry:${listingId}` });
  }
  return listingId;
}

type Ended = { kind: 'ship' | 'dnc' | 'house_unit'; seller_id: string; owned_ship_id: string | null; dnc_amount: number | null };

/**
 * Ends an open listing (cancelled by its seller, or expired) and gives its item back: the
 * ship copy to 'available', the escrowed DNC to the balance. False when it was not 'listed'
 * (held by a checkout, sold, ended already, not the seller's, not expired yet).
 */
export async function endListing(tx: Tx, listingId: number, how: { status: 'cancelled'; sellerId: string } | { status: 'expired' }): Promise<boolean> {
  const onlyIf = how.status === 'cancelled' ? sql`seller_id = ${how.sellerId}` : sql`expires_at <= now()`;
  const [ended] = await queryRows<Ended>(
    tx,
    sql`UPDATE marketplace_listings SET status = ${how.status}, ended_at = now()
        WHERE id = ${listingId} AND status = 'listed' AND seller_id IS NOT NULL AND ${onlyIf}
        RETURNING kind, seller_id::text AS seller_id, owned_ship_id::text AS owned_ship_id,
                  (SELECT amount FROM dnc_packs d WHERE d.id = dnc_pack_id) AS dnc_amount`,
  );
  if (!ended) return false;
  if (ended.owned_ship_id !== null) {
    const back = await releaseShip(tx, { userId: ended.seller_id, ownedShipId: Number(ended.owned_ship_id), from: 'listed' });
    if (!back.ok) throw new Error(`listing ${listingId}: its copy ${ended.owned_ship_id} was not listed (${back.current})`);
  }
  if (ended.kind === 'dnc' && ended.dnc_amount !== null)
    await creditDnc(tx, { userId: ended.seller_id, amount: Number(ended.dnc_amount), reason: `listing ${listingId} ${how.status}` });
  return true;
}

/** Why a seller's change or cancel cannot happen: the listing as it stands. */
async function refusal(tx: Tx, listingId: number, sellerId: string, doing: 'change its price' | 'cancel it'): Promise<AppError> {
  const [row] = await queryRows<{ status: string }>(
    tx,
    sql`SELECT status FROM marketplace_listings WHERE id = ${listingId} AND seller_id = ${sellerId}`,
  );
  if (!row) return notFound('You have no listing with this id.');
  if (row.status === 'reserved')
    return conflict(`A buyer is paying for this listing right now, so you cannot ${doing}. If their payment does not go through, it is yours to change again.`);
  if (row.status === 'sold') return conflict('This listing has already sold.');
  return conflict('This listing has ended.');
}

const listingId = (id: string) => {
  if (!/^[1-9]\d{0,17}$/.test(id)) throw notFound('You have no listing with this id.');
  return Number(id);
};

/**
 * A new price for an open listing. Only while 'listed': a checkout that holds it reserved it
 * at the old price and pays that price or nothing, so a reserved listing's price cannot move.
 */
export async function repriceListing(db: Db, sellerId: string, id: string, priceMicro: bigint): Promise<number> {
  const n = listingId(id);
  return db.transaction(async (tx) => {
    const moved = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE marketplace_listings SET price_micro = ${priceMicro.toString()}::bigint, sell_price_micro = ${priceMicro.toString()}::bigint
          WHERE id = ${n} AND seller_id = ${sellerId} AND status = 'listed' RETURNING id::text AS id`,
    );
    if (moved.length === 0) throw await refusal(tx, n, sellerId, 'change its price');
    return n;
  });
}

/** Cancels the seller's open listing and gives the item back. */
export async function cancelListing(db: Db, sellerId: string, id: string): Promise<number> {
  const n = listingId(id);
  return db.transaction(async (tx) => {
    if (!(await endListing(tx, n, { status: 'cancelled', sellerId }))) throw await refusal(tx, n, sellerId, 'cancel it');
    return n;
  });
}
