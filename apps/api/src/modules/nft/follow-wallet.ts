import type { ChainsConfig } from '../../chain/chain-config.ts';
import type { Tx } from '../../db/client.ts';
import { findUserByWallet } from '../accounts/index.ts';
import { indexTargets } from './chain-index-job.ts';
import { lockWallets, moveAsset, type FollowedAsset } from './follow-tokens.ts';
import { tokensOf } from './token-owners.ts';

/**
 * A wallet was just linked to a player (a link, or a wallet's first sign-in), in this
 * transaction: every minted ship or land collection whose token the wallet holds (as indexed)
 * moves to that player, the same rule the indexer applies when a token moves (follow-tokens.ts).
 * A token that reached the wallet before anybody had linked it would otherwise stay with its
 * last player until it moved again. Runs in the link's transaction, after the link's write.
 */
export async function followLinkedWallet(tx: Tx, chains: ChainsConfig, wallet: string): Promise<void> {
  const address = wallet.toLowerCase();
  // After the lock, an indexer write of this wallet's tokens is either committed (and read
  // below) or waits for this transaction (and then sees the link).
  await lockWallets(tx, [address]);
  const player = await findUserByWallet(tx, address);
  if (!player) return;
  const assetOf = new Map<string, FollowedAsset>();
  for (const chain of chains.chains) {
    for (const target of indexTargets(chain)) if (target.asset) assetOf.set(`${chain.id}:${target.contract.toLowerCase()}`, target.asset);
  }
  for (const holding of await tokensOf(tx, address)) {
    const asset = assetOf.get(`${holding.chainId}:${holding.contract}`);
    if (asset) await moveAsset(tx, asset, BigInt(holding.tokenId), player.id);
  }
}
