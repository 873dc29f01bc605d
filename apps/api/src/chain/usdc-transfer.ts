import { decodeEventLog, TransactionReceiptNotFoundError, type Address, type Hash, type Log } from 'viem';
import type { ChainClient } from './clients.ts';
import { ERC20_TRANSFER_EVENT_ABI } from './erc20.ts';

/** What a crypto payment asks for: `amountBase` of `token`, from `payer` to `recipient`. */
export type TransferExpectation = {
  token: Address;
  recipient: Address;
  payer: Address;
  /** exact, in the token's base units */
  amountBase: bigint;
  /** blocks the transaction's block needs, itself included, before it counts */
  confirmations: number;
  /**
   * the chain's head when the payment was quoted: a transaction mined in this block or before
   * was sent before the payment existed (an older transfer of the same amount must not pay it)
   */
  afterBlock?: bigint | null;
};

/** One decoded ERC-20 Transfer log of the transaction; addresses lower-cased. */
export type TokenTransfer = {
  /** the contract that emitted the log: the token that moved */
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
  logIndex: number;
  blockNumber: bigint;
};

/**
 * What the chain says about a reported transaction, measured against the expectation.
 * `pending` and `under_confirmed` may change: ask again later. The others are final.
 */
export type TransferCheck =
  /** no receipt: not mined yet, unknown here (another chain), or dropped */
  | { outcome: 'pending' }
  | { outcome: 'under_confirmed'; confirmations: number; required: number }
  | { outcome: 'reverted'; blockNumber: bigint }
  /** no transfer of the token from the payer to the recipient; `reason` names the nearest miss */
  | { outcome: 'mismatch'; reason: MismatchReason; blockNumber: bigint }
  /** the right token, payer and recipient, less than asked */
  | { outcome: 'short'; transfer: TokenTransfer }
  /** the right token, payer and recipient, more than asked */
  | { outcome: 'overpaid'; transfer: TokenTransfer }
  /** exactly as asked; every such log of the transaction, in log order */
  | { outcome: 'exact'; transfers: TokenTransfer[] };

export type MismatchReason = 'sent_before_quote' | 'wrong_payer' | 'wrong_recipient' | 'wrong_token' | 'no_transfer';

const lower = (a: string) => a.toLowerCase() as Address;

/**
 * Reads a transaction's receipt and decides whether it paid what was asked. Only the decoded
 * Transfer logs of the expected token contract count (log.address, never tx.to, which a
 * router or a look-alike contract could make anything), with the expected sender and
 * recipient; amounts are compared in base units, exactly. Confirmations are counted before
 * anything is decided, a transaction mined before the quote is a mismatch, and a receipt whose block is no longer the chain's block at that
 * height (a reorganisation) is treated as not mined yet.
 */
export async function checkUsdcTransfer(
  client: ChainClient,
  txHash: Hash,
  expect: TransferExpectation,
): Promise<TransferCheck> {
  let receipt;
  try {
    receipt = await client.getTransactionReceipt({ hash: txHash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return { outcome: 'pending' };
    throw err;
  }
  const [head, block] = await Promise.all([
    client.getBlockNumber({ cacheTime: 0 }),
    client.getBlock({ blockNumber: receipt.blockNumber }),
  ]);
  if (block.hash !== receipt.blockHash) return { outcome: 'pending' };
  const confirmations = Number(head - receipt.blockNumber + 1n);
  if (confirmations < expect.confirmations)
    return { outcome: 'under_confirmed', confirmations: Math.max(confirmations, 0), required: expect.confirmations };
  // Settled in a block the quote already saw: whatever it moved, it was not sent for this payment.
  if (expect.afterBlock != null && receipt.blockNumber <= expect.afterBlock)
    return { outcome: 'mismatch', reason: 'sent_before_quote', blockNumber: receipt.blockNumber };
  if (receipt.status !== 'success') return { outcome: 'reverted', blockNumber: receipt.blockNumber };

  const transfers = receipt.logs.flatMap((log) => decodeTransfer(log, receipt.blockNumber));
  const token = lower(expect.token);
  const recipient = lower(expect.recipient);
  const payer = lower(expect.payer);
  const ours = transfers.filter((t) => t.token === token && t.to === recipient && t.from === payer);
  const exact = ours.filter((t) => t.value === expect.amountBase);
  if (exact.length) return { outcome: 'exact', transfers: exact };
  // Several transfers of the right kind but none exact: the largest says best what was meant.
  const largest = ours.reduce<TokenTransfer | undefined>((a, t) => (!a || t.value > a.value ? t : a), undefined);
  if (largest) return { outcome: largest.value > expect.amountBase ? 'overpaid' : 'short', transfer: largest };

  const reason: MismatchReason = transfers.some((t) => t.token === token && t.to === recipient)
    ? 'wrong_payer'
    : transfers.some((t) => t.token === token && t.from === payer)
      ? 'wrong_recipient'
      : transfers.some((t) => t.token !== token && t.to === recipient)
        ? 'wrong_token'
        : 'no_transfer';
  return { outcome: 'mismatch', reason, blockNumber: receipt.blockNumber };
}

/** The same check under a token-neutral name: Gin burns are checked with it too (decision 0053). */
export const checkTokenTransfer = checkUsdcTransfer;

/**
 * The log as an ERC-20 Transfer, or nothing. Strict decoding: an ERC-721 Transfer has the same
 * topic but its third field indexed, so it does not decode here and cannot pass for a payment.
 */
function decodeTransfer(log: Log, blockNumber: bigint): TokenTransfer[] {
  try {
    const { args } = decodeEventLog({
      abi: ERC20_TRANSFER_EVENT_ABI,
      eventName: 'Transfer',
      data: log.data,
      topics: log.topics,
      strict: true,
    });
    return [
      {
        token: lower(log.address),
        from: lower(args.from),
        to: lower(args.to),
        value: args.value,
        logIndex: Number(log.logIndex),
        blockNumber,
      },
    ];
  } catch {
    return [];
  }
}

/** A Transfer found by searching the token's logs: with the transaction that emitted it. */
export type LoggedTransfer = TokenTransfer & { txHash: Hash };

/**
 * Blocks asked for in one eth_getLogs call: providers cap the range (a few thousand blocks is
 * widely accepted), and viem halves a range the provider refuses and asks again.
 */
const LOG_BLOCK_RANGE = 2_000n;

/**
 * Every ERC-20 Transfer of `token` from `payer` to `recipient` mined after `afterBlock`, up to
 * the chain's head (read once, and answered with them, so confirmations can be counted against
 * it), in chain order. The provider filters by the token's address and the indexed sender and
 * recipient; each log is then decoded as strictly as a receipt's (decodeTransfer) and checked
 * again. Hashes lower-cased, as crypto_payments and chain_transfers keep them.
 */
export async function findTokenTransfers(
  client: ChainClient,
  q: { token: Address; payer: Address; recipient: Address; afterBlock: bigint },
): Promise<{ head: bigint; transfers: LoggedTransfer[] }> {
  const head = await client.getBlockNumber({ cacheTime: 0 });
  // Nothing mined since the quote; some providers refuse a range that ends before it starts.
  if (head <= q.afterBlock) return { head, transfers: [] };
  const logs = await client.getLogs({
    address: q.token,
    event: ERC20_TRANSFER_EVENT_ABI[0],
    args: { from: q.payer, to: q.recipient },
    fromBlock: q.afterBlock + 1n,
    toBlock: head,
    blockRange: LOG_BLOCK_RANGE,
    strict: true,
  });
  const [token, payer, recipient] = [lower(q.token), lower(q.payer), lower(q.recipient)];
  // What the provider filtered is checked again here: only this token, this sender, this recipient.
  const transfers = logs.flatMap((log) =>
    decodeTransfer(log, log.blockNumber)
      .filter((t) => t.token === token && t.from === payer && t.to === recipient)
      .map((t) => ({ ...t, txHash: lower(log.transactionHash) as Hash })),
  );
  return { head, transfers };
}

/**
 * Whether the chain has a receipt for the transaction (mined, whatever its status). A replaced
 * transaction (the wallet sped it up or cancelled it: same nonce, another hash) never has one.
 */
export async function isMined(client: ChainClient, txHash: Hash): Promise<boolean> {
  try {
    await client.getTransactionReceipt({ hash: txHash });
    return true;
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return false;
    throw err;
  }
}
