import { z } from 'zod';
import type { ChainsConfig } from '../../chain/chain-config.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { OPERATOR_WALLET_LINKED_JOB } from '../accounts/index.ts';
import { followLinkedWallet } from './follow-wallet.ts';

export { OPERATOR_WALLET_LINKED_JOB };

const PayloadSchema = z.object({ wallet: z.string().regex(/^0x[0-9a-f]{40}$/) });

/**
 * An account the operator created with a wallet (`npm run admin -- create-user --wallet`): what
 * a player's own link does in its transaction (followLinkedWallet), done here in the job's, once
 * the account has committed. The wallet lock orders it with the indexer exactly as a link is
 * ordered, and running it again moves nothing more.
 */
export function operatorWalletLinkedJob(chains: ChainsConfig): JobHandler {
  return async (payload, { db }) => {
    const { wallet } = PayloadSchema.parse(payload);
    await db.transaction((tx) => followLinkedWallet(tx, chains, wallet));
  };
}
