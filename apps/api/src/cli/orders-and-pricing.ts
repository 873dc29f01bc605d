/**
 * The CLI's only imports from the orders area and from pricing, kept in one file on purpose:
 * both are moving behind their front doors (issue 14) while the CLI is reworked, and when they
 * land these lines are the one place to point at `modules/orders/index.ts` and pricing's new home.
 */
export { ordersForReview, resolveReview, type OrderForReview } from '../modules/orders/orders-review.ts';
export { parseTierList, readDiscountTiers, writeDiscountTiers } from '../lib/pricing/discount-tiers.ts';
