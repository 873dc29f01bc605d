/** The job that ends a listing at the expiry its seller chose (queued when it is listed). */
export const LISTING_EXPIRY_JOB = 'marketplace.listing-expiry';
