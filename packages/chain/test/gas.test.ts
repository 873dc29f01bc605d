import type { Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gasLimitFor } from '../src/gas.ts';
import { houseUnitsAbi, unitStakingAbi } from '../src/generated/abis.ts';
import { addressOf, startTestChain, write, type TestChain } from './support.ts';

let chain: TestChain;
const stake = () => ({ address: chain.addresses.unitStaking, abi: unitStakingAbi, functionName: 'stake', args: [1n] }) as never;

beforeAll(async () => {
  chain = await startTestChain();
  await write(chain.deployer, {
    address: chain.addresses.houseUnits,
    abi: houseUnitsAbi,
    functionName: 'mint',
    args: [addressOf(chain.alice), 1n, 5n],
  });
  await write(chain.alice, {
    address: chain.addresses.houseUnits,
    abi: houseUnitsAbi,
    functionName: 'setApprovalForAll',
    args: [chain.addresses.unitStaking, true],
  });
});
afterAll(() => chain?.anvil.stop());

/** Mines the player's first stake at a chosen time, then estimates a second one on that block. */
async function estimateSecondStakeInTheFirstsSecond(): Promise<{ estimate: bigint; firstTime: bigint }> {
  const latest = await chain.alice.publicClient.getBlock();
  const firstTime = latest.timestamp + 1_000n;
  await chain.testClient.setNextBlockTimestamp({ timestamp: firstTime });
  await write(chain.alice, stake());
  const estimate = await chain.alice.publicClient.estimateContractGas({
    ...(stake() as object),
    account: chain.alice.account,
  } as never);
  return { estimate, firstTime };
}

async function sendSecondStakeOneSecondLater(firstTime: bigint, gas: bigint): Promise<{ status: string; gasUsed: bigint }> {
  await chain.testClient.setNextBlockTimestamp({ timestamp: firstTime + 1n });
  const hash: Hex = await chain.alice.walletClient.writeContract({ ...(stake() as object), gas } as never);
  return chain.alice.publicClient.waitForTransactionReceipt({ hash });
}

describe('gasLimitFor: a staking call estimated in one second and mined in the next', () => {
  it('runs out of gas with a wallet-like 25 % margin: the estimate misses the new second’s checkpoint', async () => {
    const snapshot = await chain.testClient.snapshot();
    const { estimate, firstTime } = await estimateSecondStakeInTheFirstsSecond();
    const receipt = await sendSecondStakeOneSecondLater(firstTime, (estimate * 5n) / 4n);
    expect(receipt.status).toBe('reverted');
    await chain.testClient.revert({ id: snapshot });
  });

  it('is mined with the headroom, using more gas than was estimated', async () => {
    const { estimate, firstTime } = await estimateSecondStakeInTheFirstsSecond();
    const receipt = await sendSecondStakeOneSecondLater(firstTime, gasLimitFor(estimate));
    expect(receipt.status).toBe('success');
    expect(receipt.gasUsed).toBeGreaterThan(estimate);
    expect(receipt.gasUsed).toBeLessThan(gasLimitFor(estimate));
  });
});
