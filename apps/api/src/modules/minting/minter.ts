import {
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  keccak256,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Abi,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { chainById, type ChainContractName, type ChainSetup, type ChainsConfig } from '../../chain/chain-config.ts';
import { checkedClientFor, type ChainClient } from '../../chain/clients.ts';

/**
 * The server's minter on one chain (docs/decisions/0049): a key from configuration that holds
 * MINTER_ROLE, and the chain reads and sends a mint needs. Signing and sending are separate
 * steps so that the caller can record the transaction between them.
 */
export type Minter = { chain: ChainSetup; account: PrivateKeyAccount };

/** Gas is estimated, then given this margin (in percent): a busy block must not run it out. */
export const GAS_MARGIN_PERCENT = 20n;

/** The minter of the NFT chain when that chain, its minter key and the contract are configured. */
export function minterFor(chains: ChainsConfig, contract: ChainContractName): (Minter & { contract: `0x${string}` }) | undefined {
  const chain = chainById(chains, chains.nftChainId);
  const key = chain && chains.minterKeys[chain.id];
  const address = chain?.contracts[contract];
  if (!chain || !key || !address) return undefined;
  return { chain, account: privateKeyToAccount(key), contract: address };
}

export const clientOf = (minter: Minter): Promise<ChainClient> => checkedClientFor(minter.chain);

/** The token's owner, or null while it does not exist (ownerOf reverts for a missing token). */
export async function ownerOfToken(client: ChainClient, contract: `0x${string}`, abi: Abi, tokenId: bigint): Promise<string | null> {
  try {
    const owner = await client.readContract({ address: contract, abi, functionName: 'ownerOf', args: [tokenId] });
    return String(owner).toLowerCase();
  } catch (err) {
    if (err instanceof BaseError && err.walk((e) => e instanceof ContractFunctionRevertedError)) return null;
    throw err;
  }
}

export async function receiptOf(client: ChainClient, hash: Hex): Promise<TransactionReceipt | null> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return null;
    throw err;
  }
}

/** Whether the node knows the transaction (pending in its pool, or mined). */
export async function isKnown(client: ChainClient, hash: Hex): Promise<boolean> {
  try {
    await client.getTransaction({ hash });
    return true;
  } catch (err) {
    if (err instanceof TransactionNotFoundError) return false;
    throw err;
  }
}

/** Blocks on top of (and including) the receipt's block. */
export async function confirmationsOf(client: ChainClient, receipt: TransactionReceipt): Promise<number> {
  return Number((await client.getBlockNumber({ cacheTime: 0 })) - receipt.blockNumber + 1n);
}

export type SignedMint = { hash: Hex; raw: Hex };

/**
 * Signs the contract's `mint(...args)` with `nonce` (`args` from the mint's kind: decision 0051):
 * gas estimated (a revert here, a missing role, a token that exists or a cap it would pass, throws
 * before anything is signed) plus the margin, fees from the chain.
 */
export async function signMint(
  minter: Minter,
  client: ChainClient,
  call: { contract: `0x${string}`; abi: Abi; args: readonly unknown[]; nonce: number },
): Promise<SignedMint> {
  const data = encodeFunctionData({ abi: call.abi, functionName: 'mint', args: call.args });
  const estimated = await client.estimateContractGas({
    address: call.contract,
    abi: call.abi,
    functionName: 'mint',
    args: call.args,
    account: minter.account,
  });
  const fees = await client.estimateFeesPerGas();
  const raw = await minter.account.signTransaction({
    chainId: minter.chain.id,
    type: 'eip1559',
    to: call.contract,
    data,
    nonce: call.nonce,
    gas: (estimated * (100n + GAS_MARGIN_PERCENT)) / 100n,
    maxFeePerGas: fees.maxFeePerGas,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  });
  return { hash: keccak256(raw), raw };
}

/** Sends signed bytes; sending the same bytes again is harmless (the node knows them, or they mined). */
export async function broadcast(client: ChainClient, raw: Hex): Promise<void> {
  try {
    await client.sendRawTransaction({ serializedTransaction: raw });
  } catch (err) {
    // Another worker sent these very bytes first: that is the goal reached, not a failure.
    const text = err instanceof BaseError ? `${err.shortMessage} ${err.details ?? ''}` : String(err);
    if (!/already known|already imported|known transaction/i.test(text)) throw err;
  }
}

/** A node's refusal that means this nonce is spent by another transaction: these bytes can never mine. */
export function isNonceSpent(err: unknown): boolean {
  const text = err instanceof BaseError ? `${err.shortMessage} ${err.details ?? ''}` : String(err);
  return /nonce too low|nonce is too low|nonce has already been used/i.test(text);
}

/**
 * One signer at a time per chain in this process: `run` waits for the earlier work of the same
 * chain. The nonce row's lock orders signers across processes; this spares a process from
 * queueing on that lock against itself. Each process (each job worker set) has its own.
 */
export class ChainQueues {
  private readonly queues = new Map<number, Promise<unknown>>();

  run<T>(chainId: number, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(chainId) ?? Promise.resolve();
    const run = before.then(work, work);
    this.queues.set(
      chainId,
      run.catch(() => undefined),
    );
    return run;
  }
}
