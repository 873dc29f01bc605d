import { gasLimitFor, houseUnitsAbi, rewardTokenAbi, unitStakingAbi } from '@starport/chain';
import { sql } from 'drizzle-orm';
import { createTestClient, http, type Address, type Hash } from 'viem';
import type { TestChain } from '../../../test/chain-fixtures.ts';
import type { TestApp } from '../../../test/harness.ts';
import { STAKING_INDEX_JOB, startStakingIndexJob } from './index.ts';

/** Test fixtures for staking: a real anvil, players staking from their own anvil accounts. */

async function mined(chain: TestChain, hash: Hash): Promise<void> {
  const receipt = await chain.deployer.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
}

export const walletOf = (chain: TestChain, index: number): Address => chain.wallet(index).account.address;

/** The deployer mints `amount` units of `type` to anvil account `to`. */
export async function mintUnits(chain: TestChain, to: number, type: number, amount: number): Promise<void> {
  const args = [walletOf(chain, to), BigInt(type), BigInt(amount)] as const;
  await mined(chain, await chain.deployer.walletClient.writeContract({ address: chain.addresses.houseUnits, abi: houseUnitsAbi, functionName: 'mint', args }));
}

/** The deployer (the staking contract's owner) mints reward tokens to itself and deposits them. */
export async function depositReward(chain: TestChain, amount: bigint): Promise<void> {
  const w = chain.deployer.walletClient;
  const token = chain.addresses.rewardToken;
  await mined(chain, await w.writeContract({ address: token, abi: rewardTokenAbi, functionName: 'mint', args: [chain.deployer.account.address, amount] }));
  await mined(chain, await w.writeContract({ address: token, abi: rewardTokenAbi, functionName: 'approve', args: [chain.addresses.unitStaking, amount] }));
  await mined(chain, await w.writeContract({ address: chain.addresses.unitStaking, abi: unitStakingAbi, functionName: 'depositReward', args: [amount] }));
}

/** As the player's wallet: approve the staking contract for all units, as the web app does first. */
export async function approveStaking(chain: TestChain, player: number): Promise<void> {
  const w = chain.wallet(player).walletClient;
  await mined(chain, await w.writeContract({ address: chain.addresses.houseUnits, abi: houseUnitsAbi, functionName: 'setApprovalForAll', args: [chain.addresses.unitStaking, true] }));
}

export async function stakingCall(chain: TestChain, player: number, call: 'stake' | 'unstake', type: number): Promise<void>;
export async function stakingCall(chain: TestChain, player: number, call: 'claim'): Promise<void>;
export async function stakingCall(chain: TestChain, player: number, call: 'stake' | 'unstake' | 'claim', type?: number): Promise<void> {
  const { walletClient, publicClient, account } = chain.wallet(player);
  const request = {
    address: chain.addresses.unitStaking,
    abi: unitStakingAbi,
    ...(call === 'claim' ? { functionName: call } : { functionName: call, args: [BigInt(type!)] }),
  } as const;
  // With headroom, as the web app sends it: a call estimated in one second and mined in the next costs more.
  const estimate = await publicClient.estimateContractGas({ ...request, account } as never);
  await mined(chain, await walletClient.writeContract({ ...request, gas: gasLimitFor(estimate) } as never));
}

export const testClient = (chain: TestChain) => createTestClient({ mode: 'anvil', transport: http(chain.anvil.rpcUrl) });

/** Lets `seconds` pass on the chain and mines a block at the new time. */
export async function passTime(chain: TestChain, seconds: number): Promise<void> {
  const anvil = testClient(chain);
  await anvil.increaseTime({ seconds });
  await anvil.mine({ blocks: 1 });
}

/** Starts the staking indexer job (as a process start does), makes its pending run due, and runs it. */
export async function runStakingIndexer(t: TestApp): Promise<void> {
  await startStakingIndexJob(t.database.db, t.config.chains);
  await t.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind = ${STAKING_INDEX_JOB} AND done_at IS NULL AND failed_at IS NULL`);
  await t.drainJobs();
}
