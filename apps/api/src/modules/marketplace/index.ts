/**
 * The marketplace area's front door: the only file other areas import. The marketplace owns
 * listings and the record of sales; a listing's sale runs in the buyer's order transaction.
 */
export { listingForSale, type ListingForSale } from './listing-for-sale.ts';
export { relistListings, reserveListing, sellListing } from './listing-sale.ts';
export { priceHistory, type ItemRef } from './price-history.ts';
export { marketplaceRoutes } from './marketplace.routes.ts';
