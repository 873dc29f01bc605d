/**
 * The marketplace area's front door: the only file other areas import. The marketplace owns
 * listings (the house's and players'), the record of sales and the sellers' side of a sale; a
 * listing's sale runs in the buyer's order transaction.
 */
export { listingForSale, type ListingForSale } from './listing-for-sale.ts';
export { relistListings, reserveListing, sellListing } from './listing-sale.ts';
export { settleSale } from './sale-settlement.ts';
export { listDnc, listShip } from './player-listings.ts';
export { priceHistory, type ItemRef } from './price-history.ts';
export { marketplaceRoutes } from './marketplace.routes.ts';
export { firstListedPicture } from './first-picture.ts';
export { myListingRoutes, playerListingRoutes } from './player-listings.routes.ts';
export { openListingsOf } from './my-listings.ts';
export type { HeldUntil } from './my-listings.ts';
export { marketplaceJobs } from './marketplace-jobs.ts';
