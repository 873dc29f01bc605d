import { gasLimitFor, rewardTokenAbi, unitStakingAbi } from '@starport/chain';
import { createWalletClient, defineChain, http, type Abi, type Address, type Hash } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { ChainsConfig } from '../../chain/chain-config.ts';
import { checkedClientFor, type ChainClient } from '../../chain/clients.ts';
import { readPool, type PoolReads } from './staking-chain.ts';
import { stakingTarget, type StakingTarget } from './staking-target.ts';

/**
 * The staking contract owner's actions (owned-assets.md §6: set the reward rate, deposit
 * reward), for the admin CLI only: signed with CHAIN_<ID>_STAKING_OWNER_KEY (the local chain's
 * deployer). Failures are sentences for the operator (StakingOwnerError).
 */
export class StakingOwnerError extends Error {
  override name = 'StakingOwnerError';
}

/** The contract's ceiling on the APR (UnitStaking.MAX_APR_BPS): 1000 %. */
export const MAX_APR_BPS = 100_000;

function ownerWallet(target: StakingTarget, key: `0x${string}`) {
  const chain = defineChain({
    id: target.chain.id,
    name: target.chain.name,
    nativeCurrency: { name: target.chain.nativeSymbol, symbol: target.chain.nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [target.chain.rpcUrl] } },
  });
  return createWalletClient({ account: privateKeyToAccount(key), chain, transport: http(target.chain.rpcUrl) });
}
/** A contract call the owner signs. */
type OwnerCall = { address: Address; abi: Abi; functionName: string; args: readonly unknown[] };
type Owner = { target: StakingTarget; client: ChainClient; send: (call: OwnerCall) => Promise<Hash> };

async function connect(chains: ChainsConfig, signing: boolean): Promise<Omit<Owner, 'send'> & { send?: Owner['send'] }> {
  const target = stakingTarget(chains);
  if ('reason' in target) throw new StakingOwnerError(target.reason);
  const client = await checkedClientFor(target.chain);
  if (!signing) return { target, client };
  const key = chains.stakingOwnerKeys?.[target.chain.id];
  if (!key) throw new StakingOwnerError(`Set CHAIN_${target.chain.id}_STAKING_OWNER_KEY to the staking contract owner's private key.`);
  const account = privateKeyToAccount(key);
  const owner = await client.readContract({ address: target.staking, abi: unitStakingAbi, functionName: 'owner' });
  if (owner.toLowerCase() !== account.address.toLowerCase())
    throw new StakingOwnerError(`The key in CHAIN_${target.chain.id}_STAKING_OWNER_KEY is ${account.address}, not the staking contract's owner ${owner}.`);
  const wallet = ownerWallet(target, key);
  // With headroom over the estimate (@starport/chain/gas): setApr costs more in a second after
  // its last checkpoint's than in that second, where a node may run the estimate.
  const send: Owner['send'] = async (call) => {
    const estimate = await client.estimateContractGas({ ...call, account } as never);
    const hash = await wallet.writeContract({ ...call, gas: gasLimitFor(estimate) } as never);
    const receipt = await client.waitForTransactionReceipt({ hash, confirmations: 1 });
    if (receipt.status !== 'success') throw new StakingOwnerError(`Transaction ${hash} reverted.`);
    return hash;
  };
  return { target, client, send };
}

/** The pool as its views have it now (show-staking). */
export async function showStaking(chains: ChainsConfig): Promise<{ target: StakingTarget; pool: PoolReads }> {
  const { target, client } = await connect(chains, false);
  return { target, pool: await readPool(client, target) };
}

/** setApr(bps) from the owner's key; the APR before and the transaction. */
export async function setStakingApr(chains: ChainsConfig, aprBps: number): Promise<{ before: number; after: number; tx: Hash }> {
  if (!Number.isInteger(aprBps) || aprBps < 0 || aprBps > MAX_APR_BPS) throw new StakingOwnerError(`The APR is at most ${MAX_APR_BPS / 100}%.`);
  const { target, client, send } = await connect(chains, true);
  const before = Number(await client.readContract({ address: target.staking, abi: unitStakingAbi, functionName: 'getApr' }));
  const tx = await send!({ address: target.staking, abi: unitStakingAbi, functionName: 'setApr', args: [BigInt(aprBps)] });
  return { before, after: aprBps, tx };
}

/** approve + depositReward of `whole` reward tokens from the owner's balance. */
export async function depositStakingReward(chains: ChainsConfig, whole: bigint): Promise<{ amount: bigint; symbol: string; decimals: number; pool: bigint; tx: Hash }> {
  const { target, client, send } = await connect(chains, true);
  const token = (await client.readContract({ address: target.staking, abi: unitStakingAbi, functionName: 'rewardToken' })) as Address;
  const [decimals, symbol, balance] = await Promise.all([
    client.readContract({ address: token, abi: rewardTokenAbi, functionName: 'decimals' }),
    client.readContract({ address: token, abi: rewardTokenAbi, functionName: 'symbol' }),
    client.readContract({ address: token, abi: rewardTokenAbi, functionName: 'balanceOf', args: [privateKeyToAccount(chains.stakingOwnerKeys![target.chain.id]!).address] }),
  ]);
  const amount = whole * 10n ** BigInt(decimals);
  if (balance < amount) throw new StakingOwnerError(`The owner holds ${balance / 10n ** BigInt(decimals)} ${symbol}, less than the ${whole} ${symbol} to deposit.`);
  await send!({ address: token, abi: rewardTokenAbi, functionName: 'approve', args: [target.staking, amount] });
  const tx = await send!({ address: target.staking, abi: unitStakingAbi, functionName: 'depositReward', args: [amount] });
  const pool = await client.readContract({ address: target.staking, abi: unitStakingAbi, functionName: 'rewardPool' });
  return { amount, symbol, decimals: Number(decimals), pool, tx };
}
