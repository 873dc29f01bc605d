/**
 * The marketplace area's front door: the only file other areas import. The marketplace owns
 * listings and the record of sales.
 */
export { listingForSale, type ListingForSale } from './listing-for-sale.ts';
export { priceHistory, type ItemRef } from './price-history.ts';
