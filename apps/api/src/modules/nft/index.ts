/**
 * The nft area's front door (docs/api-nft.md, decision 0050): the token metadata our contracts'
 * token URIs point at (/api/nft/ship|land|unit/{id}), and the chain indexer that follows the
 * NFT contracts' transfers into chain_cursors, nft_transfers and nft_owners, which it alone
 * writes. Other areas read holders and transfers through ownerOfToken, tokensOf, transfersAfter.
 */
import type { ChainsConfig } from '../../chain/chain-config.ts';
import type { JobHandlers } from '../../jobs/queue.ts';
import { CHAIN_INDEX_JOB, chainIndexJob } from './chain-index-job.ts';
import { OPERATOR_WALLET_LINKED_JOB, operatorWalletLinkedJob } from './operator-wallet-job.ts';

export { nftMetadataRoutes, METADATA_MAX_AGE_SECONDS } from './nft-metadata.routes.ts';
export { CHAIN_INDEX_JOB, CHAIN_INDEX_INTERVAL_MS, startChainIndexJobs } from './chain-index-job.ts';
export { followLinkedWallet } from './follow-wallet.ts';
/**
 * For the minter's confirmation step: a token the indexer saw move before its asset was marked
 * minted (a player who sent it on at once) moved nothing then; following it again once the asset
 * is minted puts the asset with the token's holder (decision 0050).
 */
export { followTokens, type FollowedAsset } from './follow-tokens.ts';
export { ownerOfToken, tokensOf, transfersAfter, type TokenHolding, type TransferRecord } from './token-owners.ts';

/** The nft area's job kinds: the per-chain indexer, and assets following a wallet the operator linked. */
export function nftJobs(d: { chains: ChainsConfig }): JobHandlers {
  return { [CHAIN_INDEX_JOB]: chainIndexJob(d.chains), [OPERATOR_WALLET_LINKED_JOB]: operatorWalletLinkedJob(d.chains) };
}
