/**
 * The fairness area's front door: the only file other areas import. Fairness owns the
 * players' seed pairs and the record of every opening (docs/decisions/0017): a box is drawn
 * with `drawOpening` from nonces taken with `takeNonces`, and recorded with `recordOpening`,
 * all in the caller's transaction. `openingsByOrderLine` shows a buyer what their boxes gave.
 * Boxes a redeem code grants are opened with `openBoxesForRedemption`, in the redeeming
 * transaction, and shown with `openingsByRedemption` (docs/decisions/0038).
 */
export { drawOpening, openingDigest, type Draw } from './draw.ts';
export { activePair, rotatePair, takeNonces, type RevealedPair, type SeedPairRow } from './seed-pairs.ts';
export {
  openingsOfOrderLines,
  recordOpening,
  type NewOpening,
  type OpeningSource,
  type RecordedOpening,
} from './openings.ts';
export { openingsByOrderLine } from './order-line-openings.ts';
export {
  BoxesUnavailable,
  openBoxesForRedemption,
  openingsByRedemption,
  type RedemptionBoxes,
} from './redemption-openings.ts';
export { fairnessRoutes } from './fairness.routes.ts';
