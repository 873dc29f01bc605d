import type { Tx } from '../../db/client.ts';
import { findUserByWallet } from '../accounts/index.ts';
import { moveMintedCollection, moveMintedShip } from '../assets/index.ts';
import { ownerOfToken } from './token-owners.ts';

/** Which Starport asset a contract's tokens are: a ship copy or a land collection, by id. */
export type FollowedAsset = 'ship' | 'land';

/**
 * After the indexer changed who holds these tokens (a transfer, or a re-org undoing one), each
 * minted asset follows its token to the player whose linked wallet holds it now. A token held by
 * a wallet no player has linked leaves the asset where it is (still minted, so frozen): it moves
 * once the token reaches a player's wallet, or when that wallet is linked and the token moves.
 */
export async function followTokens(tx: Tx, target: { chainId: number; contract: string; asset: FollowedAsset }, tokenIds: bigint[]): Promise<void> {
  for (const tokenId of new Set(tokenIds)) {
    if (tokenId > BigInt(Number.MAX_SAFE_INTEGER)) continue; // no asset has such an id
    const holder = await ownerOfToken(tx, target.chainId, target.contract, tokenId);
    const player = holder ? await findUserByWallet(tx, holder) : undefined;
    if (!player) continue;
    if (target.asset === 'ship') await moveMintedShip(tx, Number(tokenId), player.id);
    else await moveMintedCollection(tx, Number(tokenId), player.id);
  }
}
