import { parseEventLogs, type Hex } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_UNIT_PRICES } from '../src/deploy.ts';
import { houseUnitsAbi, rewardTokenAbi, unitStakingAbi } from '../src/generated/abis.ts';
import {
  addressOf,
  blockTimestamp,
  DAY,
  expectRevert,
  startTestChain,
  TOKEN,
  write,
  YEAR,
  type TestChain,
} from './support.ts';

let chain: TestChain;
let staking: Hex;
let snapshot: Hex;

const [PRICE_1, PRICE_2] = DEFAULT_UNIT_PRICES;
const HOUR = 3_600n;
const DENOMINATOR = 10_000n * YEAR;
/** The formula of UnitStaking's NatSpec: value × APR(bps) × seconds / (10 000 × 365 days), rounded down. */
const reward = (value: bigint, aprBps: bigint, seconds: bigint) => (value * aprBps * seconds) / DENOMINATOR;

const read = <const F extends string>(functionName: F, args: readonly unknown[] = []) =>
  chain.deployer.publicClient.readContract({
    address: staking,
    abi: unitStakingAbi,
    functionName,
    args,
  } as never) as Promise<unknown>;

const stakingCall = <const F extends 'stake' | 'unstake' | 'claim' | 'setApr' | 'depositReward'>(
  functionName: F,
  args: readonly bigint[] = [],
) => ({ address: staking, abi: unitStakingAbi, functionName, args }) as never;

async function advance(seconds: bigint) {
  await chain.testClient.increaseTime({ seconds: Number(seconds) });
  await chain.testClient.mine({ blocks: 1 });
}

/** The reward pool gets `amount` reward tokens from the owner. */
async function fundPool(amount: bigint) {
  await write(chain.deployer, {
    address: chain.addresses.rewardToken,
    abi: rewardTokenAbi,
    functionName: 'approve',
    args: [staking, amount],
  });
  return write(chain.deployer, stakingCall('depositReward', [amount]));
}

beforeAll(async () => {
  chain = await startTestChain();
  staking = chain.addresses.unitStaking;
  const units = chain.addresses.houseUnits;
  for (const [player, id, amount] of [
    [chain.alice, 1n, 3n],
    [chain.alice, 2n, 1n],
    [chain.bob, 1n, 1n],
  ] as const) {
    await write(chain.deployer, {
      address: units,
      abi: houseUnitsAbi,
      functionName: 'mint',
      args: [addressOf(player), id, amount],
    });
  }
  for (const player of [chain.alice, chain.bob]) {
    await write(player, {
      address: units,
      abi: houseUnitsAbi,
      functionName: 'setApprovalForAll',
      args: [staking, true],
    });
  }
  await write(chain.deployer, {
    address: chain.addresses.rewardToken,
    abi: rewardTokenAbi,
    functionName: 'mint',
    args: [addressOf(chain.deployer), 1_000_000n * TOKEN],
  });
});
afterAll(() => chain?.anvil.stop());
beforeEach(async () => {
  snapshot = await chain.testClient.snapshot();
});
afterEach(async () => {
  await chain.testClient.revert({ id: snapshot });
});

const unitBalance = (owner: Hex, id: bigint) =>
  chain.deployer.publicClient.readContract({
    address: chain.addresses.houseUnits,
    abi: houseUnitsAbi,
    functionName: 'balanceOf',
    args: [owner, id],
  });

describe('UnitStaking: stake and unstake', () => {
  it('stakes one unit per call, moving the token, the counts and emitting Staked(user, id, value)', async () => {
    const alice = addressOf(chain.alice);
    const first = await write(chain.alice, stakingCall('stake', [1n]));
    await write(chain.alice, stakingCall('stake', [1n]));
    await write(chain.alice, stakingCall('stake', [2n]));

    const [staked] = parseEventLogs({ abi: unitStakingAbi, logs: first.logs, eventName: 'Staked' });
    expect(staked?.args).toEqual({ user: alice, id: 1n, value: PRICE_1 });
    expect(await unitBalance(alice, 1n)).toBe(1n);
    expect(await unitBalance(staking, 1n)).toBe(2n);
    expect(await read('getStakedAmount', [alice, 1n])).toBe(2n);
    expect(await read('getStakedAmount', [alice, 2n])).toBe(1n);
    expect(await read('stakedIds', [alice])).toEqual([1n, 2n]);
    expect(await read('getListNFTStaking', [alice])).toEqual([
      [1n, 2n],
      [2n, 1n],
    ]);
    expect(await read('totalNFTStaked', [alice])).toBe(3n);
    expect(await read('totalStakedAll')).toBe(3n);
    expect(await read('totalStakedValue')).toBe(2n * PRICE_1 + PRICE_2!);
  });

  it('unstakes one unit per call back to its owner, emitting Unstaked(user, id, value)', async () => {
    const alice = addressOf(chain.alice);
    await write(chain.alice, stakingCall('stake', [1n]));
    await write(chain.alice, stakingCall('stake', [1n]));
    const receipt = await write(chain.alice, stakingCall('unstake', [1n]));
    const [unstaked] = parseEventLogs({ abi: unitStakingAbi, logs: receipt.logs, eventName: 'Unstaked' });
    expect(unstaked?.args).toEqual({ user: alice, id: 1n, value: PRICE_1 });
    expect(await read('getStakedAmount', [alice, 1n])).toBe(1n);
    expect(await unitBalance(alice, 1n)).toBe(2n);
    await write(chain.alice, stakingCall('unstake', [1n]));
    expect(await read('stakedIds', [alice])).toEqual([]);
    expect(await read('totalStakedAll')).toBe(0n);
    expect(await read('totalStakedValue')).toBe(0n);
    expect(await expectRevert(chain.alice, stakingCall('unstake', [1n]), 'NothingStaked')).toEqual([1n]);
  });

  it('refuses a type without a price (NotStakeable)', async () => {
    expect(await expectRevert(chain.alice, stakingCall('stake', [9n]), 'NotStakeable')).toEqual([9n]);
  });
});

describe("UnitStaking: another user's stake is out of reach", () => {
  it('lets nobody unstake or claim what alice staked', async () => {
    const alice = addressOf(chain.alice);
    await write(chain.alice, stakingCall('stake', [1n]));
    await fundPool(100n * TOKEN);
    await advance(DAY);
    // Bob owns a Type 1 unit too, but none staked: he cannot take alice's.
    expect(await expectRevert(chain.bob, stakingCall('unstake', [1n]), 'NothingStaked')).toEqual([1n]);
    await expectRevert(chain.bob, stakingCall('claim'), 'NothingToClaim');
    expect(await read('getStakedAmount', [alice, 1n])).toBe(1n);
    expect(await unitBalance(staking, 1n)).toBe(1n);
  });

  it('refuses units sent straight to the contract (they would be unaccounted)', async () => {
    const alice = addressOf(chain.alice);
    const abi = [...houseUnitsAbi, ...unitStakingAbi.filter((item) => item.type === 'error')];
    const args = await expectRevert(
      chain.alice,
      {
        address: chain.addresses.houseUnits,
        abi,
        functionName: 'safeTransferFrom',
        args: [alice, staking, 1n, 1n, '0x'],
      } as never,
      'UnexpectedTransfer',
    );
    expect(args).toEqual([chain.addresses.houseUnits, alice]);
  });
});

describe('UnitStaking: APR and pending reward', () => {
  it('accrues exactly value × APR × seconds / (10 000 × 365 days) after evm_increaseTime + evm_mine', async () => {
    const alice = addressOf(chain.alice);
    const staked = await write(chain.alice, stakingCall('stake', [1n]));
    const t0 = await blockTimestamp(chain.alice, staked.blockNumber);
    await advance(10n * DAY + 1234n);
    const latest = await chain.alice.publicClient.getBlock();
    const expected = reward(PRICE_1, 2600n, latest.timestamp - t0);
    expect(expected).toBeGreaterThan(0n);
    expect(await read('pendingReward', [alice])).toBe(expected);
    const [units, value, pending, lastUpdate, claimed] = (await read('getUserInfo', [alice])) as bigint[];
    expect([units, value, pending, lastUpdate, claimed]).toEqual([1n, PRICE_1, expected, t0, 0n]);
  });

  it('has 26 % by default; only the owner sets it, and a change applies from then on', async () => {
    const alice = addressOf(chain.alice);
    expect(await read('getApr')).toBe(2600n);
    await expectRevert(chain.alice, stakingCall('setApr', [5200n]), 'OwnableUnauthorizedAccount');
    expect(await expectRevert(chain.deployer, stakingCall('setApr', [100_001n]), 'AprTooHigh')).toEqual([
      100_001n,
      100_000n,
    ]);

    const t0 = await blockTimestamp(chain.alice, (await write(chain.alice, stakingCall('stake', [2n]))).blockNumber);
    await advance(3n * DAY);
    const change = await write(chain.deployer, stakingCall('setApr', [5200n]));
    const t1 = await blockTimestamp(chain.deployer, change.blockNumber);
    const [event] = parseEventLogs({ abi: unitStakingAbi, logs: change.logs, eventName: 'AprChanged' });
    expect(event?.args).toEqual({ oldAprBps: 2600n, newAprBps: 5200n });
    expect(await read('getApr')).toBe(5200n);
    await advance(2n * DAY);
    const t2 = (await chain.alice.publicClient.getBlock()).timestamp;
    const expected = (PRICE_2! * (2600n * (t1 - t0) + 5200n * (t2 - t1))) / DENOMINATOR;
    expect(await read('pendingReward', [alice])).toBe(expected);
  });
});

describe('UnitStaking: reward pool and claim', () => {
  it('takes deposits from the owner only, emitting RewardDeposited', async () => {
    await expectRevert(chain.alice, stakingCall('depositReward', [1n]), 'OwnableUnauthorizedAccount');
    const receipt = await fundPool(500n * TOKEN);
    const [event] = parseEventLogs({ abi: unitStakingAbi, logs: receipt.logs, eventName: 'RewardDeposited' });
    expect(event?.args).toEqual({ from: addressOf(chain.deployer), amount: 500n * TOKEN });
    expect(await read('rewardPool')).toBe(500n * TOKEN);
  });

  it('pays the pending reward from the pool, moving totalClaimed, rewardPool and the user claimed', async () => {
    const alice = addressOf(chain.alice);
    await fundPool(500n * TOKEN);
    const t0 = await blockTimestamp(chain.alice, (await write(chain.alice, stakingCall('stake', [1n]))).blockNumber);
    await advance(30n * DAY);
    const receipt = await write(chain.alice, stakingCall('claim'));
    const t1 = await blockTimestamp(chain.alice, receipt.blockNumber);
    const expected = reward(PRICE_1, 2600n, t1 - t0);

    const [claimed] = parseEventLogs({ abi: unitStakingAbi, logs: receipt.logs, eventName: 'Claimed' });
    expect(claimed?.args).toEqual({ user: alice, amount: expected });
    const rewardBalance = await chain.alice.publicClient.readContract({
      address: chain.addresses.rewardToken,
      abi: rewardTokenAbi,
      functionName: 'balanceOf',
      args: [alice],
    });
    expect(rewardBalance).toBe(expected);
    expect(await read('totalClaimed')).toBe(expected);
    expect(await read('rewardPool')).toBe(500n * TOKEN - expected);
    const info = (await read('getUserInfo', [alice])) as bigint[];
    expect(info[4]).toBe(expected);
    await expectRevert(chain.alice, stakingCall('claim'), 'NothingToClaim');
  });

  it('reverts InsufficientRewardPool when the pool cannot pay, and pays nothing', async () => {
    await write(chain.alice, stakingCall('stake', [1n]));
    await advance(DAY);
    const [requested, available] = (await expectRevert(
      chain.alice,
      stakingCall('claim'),
      'InsufficientRewardPool',
    )) as bigint[];
    expect(requested).toBeGreaterThan(0n);
    expect(available).toBe(0n);
    expect(await read('totalClaimed')).toBe(0n);
  });
});

describe('UnitStaking: earnedYesterday', () => {
  it('is the reward of the previous whole UTC day, split where the stake changed', async () => {
    const alice = addressOf(chain.alice);
    const now = (await chain.alice.publicClient.getBlock()).timestamp;
    const dayStart = (now / DAY + 2n) * DAY;
    const at = async (timestamp: bigint) => chain.testClient.setNextBlockTimestamp({ timestamp });

    await at(dayStart + 20n * HOUR);
    await write(chain.alice, stakingCall('stake', [1n]));
    await at(dayStart + DAY + HOUR);
    await write(chain.alice, stakingCall('stake', [2n])); // today: not part of yesterday
    await at(dayStart + DAY + 5n * HOUR);
    await chain.testClient.mine({ blocks: 1 });
    expect(await read('earnedYesterday', [alice])).toBe(reward(PRICE_1, 2600n, 4n * HOUR));

    await at(dayStart + 2n * DAY + 3n * HOUR);
    await chain.testClient.mine({ blocks: 1 });
    expect(await read('earnedYesterday', [alice])).toBe(
      reward(PRICE_1, 2600n, HOUR) + reward(PRICE_1 + PRICE_2!, 2600n, 23n * HOUR),
    );

    await at(dayStart + 3n * DAY + 1n);
    await chain.testClient.mine({ blocks: 1 });
    expect(await read('earnedYesterday', [alice])).toBe(reward(PRICE_1 + PRICE_2!, 2600n, DAY));
    expect(await read('earnedYesterday', [addressOf(chain.bob)])).toBe(0n);
  });
});
