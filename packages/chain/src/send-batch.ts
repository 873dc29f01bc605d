import type { Address, Hex, TransactionReceipt } from 'viem';
import type { ChainClients } from './deploy.ts';

/** One transaction of a batch: a call (`to`) or a contract creation (no `to`). */
export type BatchCall = { to?: Address; data: Hex };

/**
 * Sends `calls` from the clients' account in order, each with the next nonce, without waiting
 * for one to be mined before sending the next; then waits for every receipt and throws if any
 * did not succeed. A fresh local chain's setup is ~40 transactions, and sent one at a time
 * (viem's writeContract) each cost six round trips to anvil: chain id, nonce, block, fee, gas
 * estimate, receipt. Here the nonce and fees are read once per batch and the gas estimates
 * are made side by side.
 *
 * The calls of one batch must not depend on each other's effects: every gas estimate is made
 * on the chain as it is before the batch. A call that needs an earlier one mined goes in the
 * next batch.
 */
export async function sendBatch(clients: ChainClients, calls: readonly BatchCall[]): Promise<TransactionReceipt[]> {
  const { account, chain, publicClient } = clients;
  const sign = account.signTransaction;
  if (!sign) throw new Error('sendBatch signs locally: the account has no signTransaction');
  const [nonce, fees, gas] = await Promise.all([
    publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' }),
    publicClient.estimateFeesPerGas(),
    Promise.all(calls.map((call) => publicClient.estimateGas({ account: account.address, ...call }))),
  ]);
  const hashes: Hex[] = [];
  for (const [i, call] of calls.entries()) {
    const signed = await sign({
      ...call,
      type: 'eip1559',
      chainId: chain.id,
      nonce: nonce + i,
      gas: gas[i],
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
    hashes.push(await publicClient.sendRawTransaction({ serializedTransaction: signed }));
  }
  // One wait, for the last: a sender's transactions are mined in nonce order, so once it has its
  // receipt every one has. Not a wait per transaction side by side: viem's waits on one client
  // share a block watcher, and only its first waiter is told the current block, so a later one
  // that missed its receipt by a moment waited for a block that, the batch mined, never came
  // (a start hung for viem's 3-minute timeout). anvil mines each transaction as it comes: look
  // often, not every 4 s.
  await publicClient.waitForTransactionReceipt({ hash: hashes.at(-1)!, pollingInterval: 50 });
  const receipts = await Promise.all(hashes.map((hash) => publicClient.getTransactionReceipt({ hash })));
  const failed = receipts.find((receipt) => receipt.status !== 'success');
  if (failed) throw new Error(`transaction ${failed.transactionHash} reverted`);
  return receipts;
}
