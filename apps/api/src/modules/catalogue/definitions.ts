import { BLIND_BOX, HOUSE_APR_BPS, HOUSE_UNIT_TYPES } from '@starport/schemas';
import { groupThousands } from './item-view.ts';

/**
 * The fixed part of the demo catalogue: what the game sells besides individual ships.
 * Prices are micro-units (USD or USDC × 10⁶).
 */

const USD = 1_000_000;

/**
 * Container-house unit types. The ranges are the spec's; the figures are ours: bigger types
 * have more room and are split into more pieces. One piece costs 200 USDC (spec §9).
 */
const UNIT_FIGURES = {
  1: { areaM2: 28, floors: 1, rooms: 1, housing: 2, totalPieces: 160 },
  2: { areaM2: 42, floors: 1, rooms: 2, housing: 3, totalPieces: 200 },
  3: { areaM2: 56, floors: 2, rooms: 3, housing: 4, totalPieces: 240 },
  4: { areaM2: 74, floors: 2, rooms: 4, housing: 6, totalPieces: 300 },
  5: { areaM2: 96, floors: 2, rooms: 5, housing: 8, totalPieces: 400 },
} as const;

export const UNIT_TYPE_ROWS = HOUSE_UNIT_TYPES.map((t) => ({
  type: t.type,
  apartFrom: t.apartFrom,
  apartTo: t.apartTo,
  ...UNIT_FIGURES[t.type],
  priceMicro: 200 * USD,
  aprBps: HOUSE_APR_BPS,
}));

/** DNC packs: bigger packs cost less per DNC. */
export const DNC_PACK_ROWS = [
  { id: 1, amount: 1_000, priceMicro: 10 * USD },
  { id: 2, amount: 5_000, priceMicro: 45 * USD },
  { id: 3, amount: 10_000, priceMicro: 85 * USD },
  { id: 4, amount: 25_000, priceMicro: 200 * USD },
  { id: 5, amount: 50_000, priceMicro: 380 * USD },
  { id: 6, amount: 100_000, priceMicro: 720 * USD },
].map((p) => ({ ...p, name: `${groupThousands(p.amount)} DNC` }));

/**
 * The Frontier Blind Box and its published odds (basis points, summing to 10000):
 * Common 70%, Rare 22%, Epic 7%, Legendary 1%. At a $250 sale price the expected ship is
 * worth about the box's $1000 listed price at demo marketplace prices, and 1% keeps
 * Legendary draws rare enough that the 150-ship supply is not drained by boxes.
 */
export const BLIND_BOX_ROW = {
  code: BLIND_BOX.code,
  name: BLIND_BOX.name,
  description:
    'A sealed crate from the Frontier: it holds one spaceship of a random element. Its rarity is drawn with the published odds; Legendary draws come from the 150-ship supply.',
  salePriceMicro: BLIND_BOX.salePriceMicro,
  listPriceMicro: BLIND_BOX.listPriceMicro,
  oddsCommonBps: 7000,
  oddsRareBps: 2200,
  oddsEpicBps: 700,
  oddsLegendaryBps: 100,
};

/** Sell prices of ships per rarity, USD [low, high]. */
export const SHIP_PRICE_RANGE_USD: Record<number, readonly [number, number]> = {
  0: [15, 120],
  1: [80, 400],
  2: [300, 1500],
  3: [2500, 12000],
};
