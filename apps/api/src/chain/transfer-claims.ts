import type { Tx } from '../db/client.ts';
import { chainTransfers } from '../db/schema/index.ts';
import type { TokenTransfer } from './usdc-transfer.ts';

/**
 * What a transfer is claimed for: an order's crypto payment or a Gin conversion. One
 * (chain, tx hash, log index) pays for one thing, whichever area asks first (decision 0053).
 */
export type TransferClaimant = { cryptoPaymentId: number } | { ginConversionId: number };

/**
 * Records `transfer` (of transaction `txHash` on `chainId`) as used by `claimant`, in the
 * caller's transaction: true when this call took it, false when the key was already taken (by
 * anyone). Concurrent claims of one key are serialized by its primary key: the second waits
 * for the first's transaction, then finds the row and takes nothing.
 */
export async function claimTransfer(
  tx: Tx,
  claim: { chainId: number; txHash: string; claimant: TransferClaimant; transfer: TokenTransfer },
): Promise<boolean> {
  const t = claim.transfer;
  const rows = await tx
    .insert(chainTransfers)
    .values({
      chainId: claim.chainId,
      txHash: claim.txHash.toLowerCase(),
      logIndex: t.logIndex,
      ...claim.claimant,
      tokenAddress: t.token,
      fromAddress: t.from,
      toAddress: t.to,
      amountBase: t.value,
      blockNumber: t.blockNumber,
      detail: { value: t.value.toString(), block_number: t.blockNumber.toString() },
    })
    .onConflictDoNothing()
    .returning({ logIndex: chainTransfers.logIndex });
  return rows.length === 1;
}
