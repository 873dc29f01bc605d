import type { ChainsConfig } from '../../chain/chain-config.ts';
import type { JobHandlers } from '../../jobs/queue.ts';
import type { CryptoOrderBook } from './order-book.ts';
import { CRYPTO_FIND_TRANSFER_JOB, cryptoFindTransferJob } from './crypto-transfer-sweep.ts';
import { CRYPTO_VERIFY_JOB, cryptoVerifyJob } from './crypto-verify-job.ts';

/** The payments area's job kinds: verifying a reported USDC transfer, and finding an unreported one. */
export function paymentsJobs(d: { chains: ChainsConfig; orders: CryptoOrderBook }): JobHandlers {
  return {
    [CRYPTO_VERIFY_JOB]: cryptoVerifyJob(d.chains, d.orders),
    [CRYPTO_FIND_TRANSFER_JOB]: cryptoFindTransferJob(d.chains, d.orders),
  };
}
