/**
 * The shop area's front door: the only file other areas import. The shop owns what it sells
 * directly: shop stock (ships), the blind boxes and their tier supplies. Writes run in the
 * caller's transaction.
 */
export { blindBoxesForOpening, moveTierSupplies, type BoxForOpening, type TierMove, type TierMoveResult } from './blind-box-supply.ts';
export { shipOfStock } from './shop-stock.ts';
