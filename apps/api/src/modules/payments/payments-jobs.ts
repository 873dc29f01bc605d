import type { ChainsConfig } from '../../chain/chain-config.ts';
import type { CardProviderConfig } from '../../config.ts';
import type { JobHandlers } from '../../jobs/queue.ts';
import type { CryptoOrderBook, OrderBook } from './order-book.ts';
import { CRYPTO_FIND_TRANSFER_JOB, cryptoFindTransferJob } from './crypto-transfer-sweep.ts';
import { CRYPTO_VERIFY_JOB, cryptoVerifyJob } from './crypto-verify-job.ts';
import { SANDBOX_WEBHOOK_JOB } from './sandbox/sandbox-outbox.ts';
import { sandboxWebhookJob } from './sandbox/sandbox-webhook-job.ts';

export type PaymentsJobsDeps = {
  chains: ChainsConfig;
  orders: CryptoOrderBook & OrderBook;
  card: CardProviderConfig;
  publicUrl: string;
};

/**
 * The payments area's job kinds: verifying a reported USDC transfer, finding an unreported one,
 * and delivering the card sandbox's webhook events (registered whatever the card provider, so
 * an event queued before a restart with other settings is retried with a clear error, not
 * failed as an unknown kind).
 */
export function paymentsJobs(d: PaymentsJobsDeps): JobHandlers {
  return {
    [CRYPTO_VERIFY_JOB]: cryptoVerifyJob(d.chains, d.orders),
    [CRYPTO_FIND_TRANSFER_JOB]: cryptoFindTransferJob(d.chains, d.orders),
    [SANDBOX_WEBHOOK_JOB]: sandboxWebhookJob({ card: d.card, publicUrl: d.publicUrl, orders: d.orders }),
  };
}
