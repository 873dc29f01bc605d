import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { findUserByWallet } from '../accounts/index.ts';
import { moveMintedCollection, moveMintedShip } from '../assets/index.ts';
import { ownerOfToken } from './token-owners.ts';

/** Which Starport asset a contract's tokens are: a ship copy or a land collection, by id. */
export type FollowedAsset = 'ship' | 'land';

/** The advisory-lock namespace of wallets whose tokens' assets are being placed (pg_advisory_xact_lock(int, int)). */
const WALLET_FOLLOW_LOCK = 7321040;

/**
 * Held until the transaction ends by whoever decides which player a wallet's tokens' assets
 * belong to: the indexer (a token reached the wallet) and a link (the wallet reached a player).
 * Without it each could miss the other: the indexer reads "nobody has linked W" while the link
 * reads "W holds nothing yet", both commit, and the asset never moves. With it, whichever comes
 * second waits and then reads what the first committed. Taken in address order, so two
 * indexer runs (two contracts) cannot deadlock on each other.
 */
export async function lockWallets(tx: Tx, addresses: string[]): Promise<void> {
  for (const address of [...new Set(addresses.map((a) => a.toLowerCase()))].sort()) {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${WALLET_FOLLOW_LOCK}, hashtext(${address}))`);
  }
}

/** Moves a minted asset to a player (a no-op when it is not minted or already theirs). */
export async function moveAsset(tx: Tx, asset: FollowedAsset, tokenId: bigint, userId: string): Promise<void> {
  if (tokenId > BigInt(Number.MAX_SAFE_INTEGER)) return; // no asset has such an id
  if (asset === 'ship') await moveMintedShip(tx, Number(tokenId), userId);
  else await moveMintedCollection(tx, Number(tokenId), userId);
}

/**
 * After the indexer changed who holds these tokens (a transfer, or a re-org undoing one), each
 * minted asset follows its token to the player whose linked wallet holds it now. A token held by
 * a wallet no player has linked leaves the asset where it is (still minted, so frozen): it moves
 * once the token reaches a player's wallet, or when a player links that wallet (follow-wallet.ts).
 */
export async function followTokens(tx: Tx, target: { chainId: number; contract: string; asset: FollowedAsset }, tokenIds: bigint[]): Promise<void> {
  const holders = new Map<bigint, string>();
  for (const tokenId of new Set(tokenIds)) {
    const holder = await ownerOfToken(tx, target.chainId, target.contract, tokenId);
    if (holder) holders.set(tokenId, holder);
  }
  // Every lock before any move: a move locks the asset's row, which a waiting link may need too.
  await lockWallets(tx, [...holders.values()]);
  for (const [tokenId, holder] of holders) {
    const player = await findUserByWallet(tx, holder);
    if (player) await moveAsset(tx, target.asset, tokenId, player.id);
  }
}
