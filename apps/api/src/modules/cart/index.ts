/**
 * The cart area's front door: the only file other areas, the CLI and app.ts import. Pricing
 * lives here because it prices carts; orders charge what the cart showed by reading the same
 * lines and tiers through these exports.
 */
export { priceRoutes, stockValidateRoutes } from './cart.routes.ts';
export { parseTierList, readDiscountTiers, writeDiscountTiers } from './discount-tiers.ts';
export { DEFAULT_DISCOUNT_TIERS, priceCart, type PricedQuantity, type Totals } from './price-cart.ts';
export {
  BOX_PREFIX,
  BOX_TIERS,
  resolveCartLines,
  resolveListing,
  type ResolvedLine,
  type ResolvedListing,
} from './resolve-lines.ts';
