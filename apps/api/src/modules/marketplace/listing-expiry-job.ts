import { z } from 'zod';
import type { JobHandler } from '../../jobs/queue.ts';
import { endListing } from './player-listings.ts';

export { LISTING_EXPIRY_JOB } from './listing-expiry-job-kind.ts';

const PayloadSchema = z.object({ listingId: z.number().int().positive() });

/**
 * Ends a listing at its expiry and gives the item back to its seller. Runs at the chosen time;
 * a listing that sold, was cancelled, or is held by a checkout right then is left as it is
 * (a held one ends when its checkout lapses: relistListings), so running it twice is harmless.
 */
export function listingExpiryJob(): JobHandler {
  return async (payload, { db, log }) => {
    const { listingId } = PayloadSchema.parse(payload);
    const ended = await db.transaction((tx) => endListing(tx, listingId, { status: 'expired' }));
    log.debug({ listingId, ended }, 'listing expiry');
  };
}
