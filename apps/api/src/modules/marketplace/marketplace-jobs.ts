import type { JobHandlers } from '../../jobs/queue.ts';
import { LISTING_EXPIRY_JOB, listingExpiryJob } from './listing-expiry-job.ts';
import { SALE_NOTICE_JOB, saleNoticeJob } from './sale-settlement.ts';

/** The marketplace's job kinds: listings ending at their expiry, and the seller's sale e-mail. */
export function marketplaceJobs(d: { publicUrl: string }): JobHandlers {
  return { [LISTING_EXPIRY_JOB]: listingExpiryJob(), [SALE_NOTICE_JOB]: saleNoticeJob(d) };
}
