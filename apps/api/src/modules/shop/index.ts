/**
 * The shop area's front door: the only file other areas import. The shop owns what it sells
 * directly: shop stock (ships), the blind boxes and their tier supplies. Every write runs in
 * the caller's transaction; lock order: shop rows by id, then box tiers by (code, rarity).
 */
export {
  blindBoxesForOpening,
  moveTierSupplies,
  returnBoxTiers,
  takeBoxTiers,
  type BoxForOpening,
  type TierMove,
  type TierMoveResult,
} from './blind-box-supply.ts';
export { returnStock, shipOfStock, stockLeft, takeStock } from './shop-stock.ts';
export { blindBoxRoutes, shopRoutes } from './shop.routes.ts';
