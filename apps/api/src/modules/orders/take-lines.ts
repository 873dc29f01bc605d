import {
  LISTING_ALONE_MSG,
  SHIP_MINT_ALONE_MSG,
  TOP_UP_ALONE_MSG,
  topUpItemName,
  type CartLine,
  type OrderLineObject,
  type OrderLineRequest,
} from '@starport/schemas';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import { resolveCartLines, resolveListing, type ResolvedLine } from '../cart/index.ts';
import { termsFor } from '../land/index.ts';
import { relistListings, reserveListing, sellListing } from '../marketplace/index.ts';
import { shipMintFee } from '../minting/index.ts';
import { holdShipForMint, releaseShipMint } from '../assets/index.ts';
import { returnBoxTiers, returnStock, stockLeft, takeBoxTiers, takeStock } from '../shop/index.ts';
import * as repo from './orders.repo.ts';
import * as held from './reservations.repo.ts';

/**
 * What an order takes when it opens and gives back when it closes unpaid (docs/decisions/0014,
 * 0018): shop copies, blind boxes (one of every tier each) and marketplace listings (a
 * land-credit top-up takes nothing: takeTopUp). Everything
 * is taken inside the opening transaction, in one global order — shop rows by id, box tiers by
 * (code, rarity), then the listing — so a failure rolls all of it back and two orders never
 * wait on each other in a circle. The shop moves its stock and box tiers, the marketplace its
 * listings (their front doors); orders writes only its reservation rows.
 */

/** One line of an order as it is written: our name, our prices, and what it holds. */
export type TakenLine = {
  object: OrderLineObject;
  name: string;
  total: number;
  sellPriceMicro: bigint;
  listPriceMicro: bigint;
  shopStockId: number | null;
  boxCode: string | null;
  listingId: number | null;
  /** a mint fee's ship copy (`ship_mint`) */
  ownedShipId: number | null;
  /** a shop line's copies left once it was taken */
  stockAfter?: number;
};

/**
 * Resolves and takes every line for `userId`. A listing is bought on its own (400 otherwise):
 * it is priced at its sale price, and as a one-item order no volume-discount tier applies.
 * A land-credit top-up is bought on its own too, priced by the operator's settings.
 * `resolved`: the cart's lines as the look before the transaction read them (names; the prices
 * charged are read again by the takes), so they are not read twice.
 */
export async function takeLines(
  tx: Tx,
  userId: string,
  requests: OrderLineRequest[],
  resolved?: ResolvedLine[],
): Promise<TakenLine[]> {
  const topUp = requests.find((l) => l.object === 'land_credit');
  if (topUp) {
    if (requests.length !== 1) throw badRequest(TOP_UP_ALONE_MSG);
    return [await takeTopUp(tx, topUp.total)];
  }
  const mint = requests.find((l) => l.object === 'ship_mint');
  if (mint) {
    if (requests.length !== 1) throw badRequest(SHIP_MINT_ALONE_MSG);
    return [await takeShipMint(tx, userId, mint.id)];
  }
  const listings = requests.filter((l) => l.object === 'listing');
  if (listings.length > 0) {
    if (requests.length !== 1) throw badRequest(LISTING_ALONE_MSG);
    return [await takeListing(tx, userId, listings[0]!.id, listings[0]!.priceMicro)];
  }
  const cart = resolved ?? (await resolveCartLines(tx, requests as CartLine[]));
  const lines: TakenLine[] = cart.map((l) => ({
    object: l.object,
    name: l.name,
    total: l.total,
    sellPriceMicro: l.sellPriceMicro,
    listPriceMicro: l.listPriceMicro,
    shopStockId: l.shopStockId,
    boxCode: l.boxCode,
    listingId: null,
    ownedShipId: null,
  }));
  await takeShopLines(tx, lines);
  await takeBoxes(tx, lines);
  return lines;
}

/**
 * Takes the copies of every shop line, in shop-row id order. Each line is charged the price
 * its row had when it was taken (read by the same UPDATE). Not enough copies: a 409 naming
 * the line, and the caller's transaction rolls back what was already taken.
 */
async function takeShopLines(tx: Tx, lines: TakenLine[]): Promise<void> {
  const byStockId = lines.filter((l) => l.shopStockId !== null).sort((a, b) => a.shopStockId! - b.shopStockId!);
  for (const line of byStockId) {
    const taken = await takeStock(tx, line.shopStockId!, line.total);
    // One copy not there means none left: the "sold out" text needs no second read.
    if (!taken) throw notEnough(line.name, line.total === 1 ? 0 : await stockLeft(tx, line.shopStockId!));
    line.sellPriceMicro = BigInt(taken.sell_price_micro);
    line.listPriceMicro = BigInt(taken.price_micro);
    line.stockAfter = taken.stock;
  }
}

/** Takes one of every tier per box, box codes in order; too few left is the same 409 as a ship's. */
async function takeBoxes(tx: Tx, lines: TakenLine[]): Promise<void> {
  const boxes = lines.filter((l) => l.boxCode !== null).sort((a, b) => (a.boxCode! < b.boxCode! ? -1 : 1));
  for (const line of boxes) {
    const left = await takeBoxTiers(tx, line.boxCode!, line.total);
    if (left !== null) throw notEnough(line.name, left);
  }
}

/**
 * The listing leaves the marketplace for this order, or a 404 / 403 (own listing) / 409 (not
 * for sale, or its price is no longer the one the buyer saw: `expectedPriceMicro`).
 */
async function takeListing(tx: Tx, userId: string, id: string, expectedPriceMicro?: string): Promise<TakenLine> {
  const listing = await resolveListing(tx, id);
  // Only while it is on sale: a sold or held item is "no longer for sale", whoever asks.
  if (listing.sellerId === userId && listing.status === 'listed')
    throw forbidden('This is your own listing: you cannot buy it.');
  const taken = await reserveListing(tx, listing.listingId);
  if (!taken) throw new AppError('CONFLICT', 409, 'This item is no longer for sale.');
  // The caller's transaction rolls the reservation back: nobody pays a price they did not see.
  if (expectedPriceMicro !== undefined && BigInt(expectedPriceMicro) !== BigInt(taken.sell_price_micro))
    throw new AppError('CONFLICT', 409, `The seller changed the price of this item to ${usdText(taken.sell_price_micro)}. Check the new price and buy again.`);
  return {
    object: 'listing',
    name: listing.name,
    total: 1,
    sellPriceMicro: BigInt(taken.sell_price_micro),
    listPriceMicro: BigInt(taken.price_micro),
    shopStockId: null,
    boxCode: null,
    listingId: listing.listingId,
    ownedShipId: null,
  };
}

/**
 * A land-credit top-up's line (decision 0047): `quantity` credits at the price the operator set
 * for one, read in the opening transaction. It takes nothing (credit has no stock), so nothing
 * is reserved or given back; a quantity outside the operator's bounds is the 400 naming them.
 */
async function takeTopUp(tx: Tx, quantity: number): Promise<TakenLine> {
  const { priceMicro } = await termsFor(tx, quantity);
  return {
    object: 'land_credit',
    name: topUpItemName(quantity),
    total: quantity,
    sellPriceMicro: priceMicro,
    listPriceMicro: priceMicro,
    shopStockId: null,
    boxCode: null,
    listingId: null,
    ownedShipId: null,
  };
}

/** What a ship copy in each state is doing, when it cannot be converted now. */
const NOT_CONVERTIBLE: Record<string, string> = {
  listed: 'This ship is listed for sale. Cancel the listing to convert it to an NFT.',
  penguin: 'This ship is assigned to a penguin. Remove it from the penguin to convert it to an NFT.',
  staked: 'This ship is staked. Unstake it to convert it to an NFT.',
  minting: 'This ship is already being converted to an NFT.',
  minted: 'This ship is already an NFT.',
};

/**
 * A mint fee's line (decision 0052): the player's ship copy is held for its mint (state 'minting',
 * stage 'lock') by a conditional UPDATE, and the fee is the operator's setting. The reservation's
 * unique key (one live per copy) refuses a second request while one is in flight.
 */
async function takeShipMint(tx: Tx, userId: string, id: string): Promise<TakenLine> {
  const ownedShipId = Number(id);
  if (!Number.isSafeInteger(ownedShipId) || ownedShipId <= 0) throw notFound(SHIP_NOT_YOURS);
  const held = await holdShipForMint(tx, userId, ownedShipId);
  if (!held.ok) {
    if (held.current === null || held.current === 'disposed') throw notFound(SHIP_NOT_YOURS);
    throw new AppError('CONFLICT', 409, NOT_CONVERTIBLE[held.current] ?? NOT_CONVERTIBLE.minting!);
  }
  const fee = await shipMintFee(tx);
  return {
    object: 'ship_mint',
    name: `Convert ${held.name} to NFT`,
    total: 1,
    sellPriceMicro: fee,
    listPriceMicro: fee,
    shopStockId: null,
    boxCode: null,
    listingId: null,
    ownedShipId,
  };
}

const SHIP_NOT_YOURS = 'That ship is not one of yours.';

/**
 * Writes the reservation rows of what takeLines took that the opening statement does not
 * (opened-order.repo.ts writes the shop lines'): blind boxes, a listing, a ship to mint.
 */
export async function recordHeldReservations(tx: Tx, orderId: number, lines: TakenLine[]): Promise<void> {
  await held.insertBoxReservations(
    tx,
    orderId,
    lines.filter((l) => l.boxCode !== null).map((l) => ({ boxCode: l.boxCode!, quantity: l.total })),
  );
  for (const l of lines) if (l.listingId !== null) await held.insertListingReservation(tx, orderId, l.listingId);
  for (const l of lines) if (l.ownedShipId !== null) await held.insertShipMintReservation(tx, orderId, l.ownedShipId);
}

/** "$1,234.500": the spec's dollar figure with 3 decimals (owned-assets.md §9). */
function usdText(micro: string): string {
  const n = BigInt(micro);
  const whole = (n / 1_000_000n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${(n % 1_000_000n).toString().padStart(6, '0').slice(0, 3)}`;
}

/** The 409 of a line short of stock, with how many copies are left (the stock gate records it). */
export class ShortOfStock extends AppError {
  constructor(
    readonly itemName: string,
    readonly left: number,
  ) {
    super(
      'CONFLICT',
      409,
      left <= 0
        ? `${itemName} is sold out. Please remove it from your cart.`
        : `Only ${left} of ${itemName} ${left === 1 ? 'is' : 'are'} left. Please lower the quantity in your cart.`,
    );
  }
}

export function notEnough(name: string, left: number): ShortOfStock {
  return new ShortOfStock(name, Math.max(0, left));
}

/**
 * Gives back everything the order still holds — shop copies, box tiers, listings — in the
 * lock order. Called only by the transaction that moved the order out of pending; each kind
 * of reservation is released at most once (released_at IS NULL guard).
 */
export async function releaseLines(tx: Tx, orderId: number): Promise<void> {
  const shop = await repo.releaseReservations(tx, orderId);
  await returnStock(tx, shop);
  const boxes = await held.releaseBoxReservations(tx, orderId);
  await returnBoxTiers(tx, boxes);
  const listings = await held.releaseListingReservations(tx, orderId);
  await relistListings(tx, listings);
  if (shop.length || boxes.length)
    await repo.logEvent(tx, orderId, {
      kind: 'stock_released',
      payload: {
        lines: [
          ...shop.map((r) => ({ shop_stock_id: r.shopStockId, quantity: r.quantity })),
          ...boxes.map((r) => ({ blind_box: r.boxCode, quantity: r.quantity })),
        ],
      },
    });
  if (listings.length)
    await repo.logEvent(tx, orderId, { kind: 'listing_released', payload: { listing_ids: listings } });
  const ships = await held.releaseShipMintReservations(tx, orderId);
  for (const ownedShipId of ships) await releaseShipMint(tx, ownedShipId);
  if (ships.length) await repo.logEvent(tx, orderId, { kind: 'ship_mint_released', payload: { owned_ship_ids: ships } });
}

/**
 * A paid order's reservations are sold: shop copies and boxes consumed (the boxes' tiers stay
 * held for their opening), listings marked sold with a sale row. Returns the listings that
 * were no longer reserved, which the caller flags for review.
 */
export async function consumeLines(tx: Tx, orderId: number): Promise<number[]> {
  await repo.consumeReservations(tx, orderId);
  await held.consumeBoxReservations(tx, orderId);
  await held.consumeShipMintReservations(tx, orderId);
  const lost: number[] = [];
  for (const { listingId, sale } of await held.consumeListingReservations(tx, orderId))
    if (!(await sellListing(tx, listingId, sale))) lost.push(listingId);
  return lost;
}
