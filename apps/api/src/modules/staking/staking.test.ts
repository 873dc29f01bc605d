import { houseUnitsAbi, unitStakingAbi } from '@starport/chain';
import { ASSETS_NFT_MAX_IDS, StakingPoolResponseSchema, StakingWalletResponseSchema, type StakingPool } from '@starport/schemas';
import { and, asc, eq } from 'drizzle-orm';
import { parseEventLogs, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestChain, type TestChain } from '../../../test/chain-fixtures.ts';
import { body, createTestApp, type TestApp } from '../../../test/harness.ts';
import { stakingEvents } from '../../db/schema/index.ts';
import { approveStaking, depositReward, mintUnits, passTime, runStakingIndexer, stakingCall, walletOf } from './staking.fixtures.ts';

const DAY = 86_400;
const TOKEN = 10n ** 18n;

describe('staking on anvil: stake, claim, unstake, and the figures the API answers', () => {
  let chain: TestChain;
  let t: TestApp;
  const read = <T,>(functionName: string, args: unknown[] = []) =>
    chain.deployer.publicClient.readContract({ address: chain.addresses.unitStaking, abi: unitStakingAbi, functionName, args } as never) as Promise<T>;
  const pool = async (): Promise<StakingPool> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/staking/pool' });
    expect(res.statusCode, res.body).toBe(200);
    const parsed = StakingPoolResponseSchema.parse(res.json());
    if (!parsed.available) throw new Error(parsed.reason);
    return parsed.pool;
  };

  beforeAll(async () => {
    chain = await startTestChain({ confirmations: 1 });
    t = await createTestApp({ env: chain.env });
    for (const type of [1, 2, 3]) await mintUnits(chain, 1, type, 2);
    await mintUnits(chain, 2, 3, 1);
    await depositReward(chain, 1_000_000n * TOKEN);
  });
  afterAll(async () => {
    await t?.close();
    await chain?.stop();
  });

  it('answers what the chain views say after stakes, a claim and an unstake; indexes the events; realised APY as computed by hand', async () => {
    await approveStaking(chain, 1);
    await approveStaking(chain, 2);
    await stakingCall(chain, 1, 'stake', 1);
    await stakingCall(chain, 1, 'stake', 2);
    await stakingCall(chain, 2, 'stake', 3);
    await passTime(chain, 10 * DAY);
    await stakingCall(chain, 1, 'claim');
    await passTime(chain, DAY);
    await stakingCall(chain, 1, 'unstake', 1);
    await passTime(chain, 3_600);
    await runStakingIndexer(t);

    const p = await pool();
    const head = await chain.deployer.publicClient.getBlock({ blockTag: 'latest' });
    // The chain's own views, at the same head (nothing mined since the call).
    const [apr, units, value, rewardPool, claimed, owner] = await Promise.all([
      read<bigint>('getApr'),
      read<bigint>('totalStakedAll'),
      read<bigint>('totalStakedValue'),
      read<bigint>('rewardPool'),
      read<bigint>('totalClaimed'),
      read<Address>('owner'),
    ]);
    expect(p).toMatchObject({
      apr_bps: Number(apr),
      apr_percent: '26.00',
      total_staked_units: Number(units),
      total_staked_value: value.toString(),
      reward_pool: rewardPool.toString(),
      total_claimed: claimed.toString(),
      owner: { address: owner.toLowerCase(), is_contract: false, url: `https://explorer.test/address/${owner.toLowerCase()}` },
      contracts: { staking: { address: chain.addresses.unitStaking.toLowerCase() }, reward_token: { address: chain.addresses.rewardToken.toLowerCase() } },
      indexed_block: Number(head.number),
      reward_decimals: 18,
    });
    expect(units).toBe(2n);
    expect(value).toBe(750n * TOKEN); // Type 2 (250) + Type 3 (500)
    const daily = (value * apr) / 10_000n / 365n;
    expect(p.daily_reward).toBe(daily.toString());
    expect(p.pool_lasts_days).toBe(Number(rewardPool / daily));
    // The deployment block: the first with the contract's code.
    const deployedCode = await chain.deployer.publicClient.getCode({ address: chain.addresses.unitStaking, blockNumber: BigInt(p.deployed_block!) });
    const before = await chain.deployer.publicClient.getCode({ address: chain.addresses.unitStaking, blockNumber: BigInt(p.deployed_block! - 1) });
    expect([deployedCode !== undefined && deployedCode !== '0x', before === undefined || before === '0x']).toEqual([true, true]);

    // The events as the chain has them, independently of the indexer.
    const logs = parseEventLogs({
      abi: unitStakingAbi,
      logs: await chain.deployer.publicClient.getLogs({ address: chain.addresses.unitStaking, fromBlock: 0n }),
      eventName: ['Staked', 'Unstaked', 'Claimed', 'RewardDeposited'],
      strict: true,
    });
    const timeOf = async (blockNumber: bigint) => Number((await chain.deployer.publicClient.getBlock({ blockNumber })).timestamp);
    const chainEvents = await Promise.all(
      logs.map(async (l) => ({
        kind: ({ Staked: 'staked', Unstaked: 'unstaked', Claimed: 'claimed', RewardDeposited: 'deposited' } as Record<string, string>)[l.eventName],
        time: await timeOf(l.blockNumber),
        value: 'value' in l.args ? (l.args.value as bigint) : null,
        amount: 'amount' in l.args ? (l.args.amount as bigint) : null,
        id: 'id' in l.args ? Number(l.args.id) : null,
      })),
    );
    const indexed = await t.database.db
      .select()
      .from(stakingEvents)
      .where(and(eq(stakingEvents.chainId, chain.anvil.chainId)))
      .orderBy(asc(stakingEvents.blockNumber), asc(stakingEvents.logIndex));
    expect(
      indexed.map((e) => ({ kind: e.kind, time: e.blockTime.getTime() / 1000, value: e.value === null ? null : BigInt(e.value), amount: e.amount === null ? null : BigInt(e.amount), id: e.unitId })),
    ).toEqual(chainEvents);
    expect(chainEvents.map((e) => e.kind)).toEqual(['deposited', 'staked', 'staked', 'staked', 'claimed', 'unstaked']);

    // Realised APY by hand: the staked value is 850 tokens from the third stake on (100 + 250 +
    // 500; less before it), 750 after the unstake; paid = the one claim, if inside the window.
    const now = Number(head.timestamp);
    const [, s1, s2, s3, claim, unstake] = chainEvents as Required<(typeof chainEvents)[number]>[];
    for (const days of [7, 30, 90] as const) {
      const start = now - days * DAY;
      const clip = (from: number, to: number) => Math.max(0, Math.min(to, now) - Math.max(from, start));
      const integral =
        100n * TOKEN * BigInt(clip(s1!.time, s2!.time)) +
        350n * TOKEN * BigInt(clip(s2!.time, s3!.time)) +
        850n * TOKEN * BigInt(clip(s3!.time, unstake!.time)) +
        750n * TOKEN * BigInt(clip(unstake!.time, now));
      const paid = claim!.time >= start ? claim!.amount! : 0n;
      const hundredths = (paid * 365n * 86_400n * 10_000n) / integral;
      const expected = `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
      expect(p.realised_apy.find((r) => r.days === days)).toEqual({ days, apy: expected, paid: paid.toString() });
    }
    // The claim paid 10 days of 350 tokens at 26 %: over 30 days that is well under the APR.
    expect(Number(p.realised_apy[1]!.apy)).toBeGreaterThan(0);
    expect(Number(p.realised_apy[1]!.apy)).toBeLessThan(26);

    // History: end-of-day totals of each day with a stake change, then today.
    const day = (time: number) => new Date(time * 1000).toISOString().slice(0, 10);
    const expectedHistory: { day: string; units: number; value: string }[] = [];
    let u = 0;
    let v = 0n;
    for (const e of chainEvents) {
      if (e.kind !== 'staked' && e.kind !== 'unstaked') continue;
      u += e.kind === 'staked' ? 1 : -1;
      v += e.kind === 'staked' ? e.value! : -e.value!;
      if (expectedHistory.at(-1)?.day === day(e.time)) expectedHistory.pop();
      expectedHistory.push({ day: day(e.time), units: u, value: v.toString() });
    }
    if (expectedHistory.at(-1)!.day !== day(now)) expectedHistory.push({ day: day(now), units: u, value: v.toString() });
    expect(p.history).toEqual(expectedHistory);
    expect(p.history.at(-1)).toMatchObject({ day: day(now), units: 2, value: (750n * TOKEN).toString() });

    // The wallet: every figure as the contracts' views give it.
    const w = walletOf(chain, 1);
    const res = await t.app.inject({ method: 'GET', url: `/api/staking/wallet/${w.toUpperCase().replace('0X', '0x')}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = StakingWalletResponseSchema.parse(res.json()).data;
    const [info, pending, yesterday, approved] = await Promise.all([
      read<readonly bigint[]>('getUserInfo', [w]),
      read<bigint>('pendingReward', [w]),
      read<bigint>('earnedYesterday', [w]),
      chain.deployer.publicClient.readContract({ address: chain.addresses.houseUnits, abi: houseUnitsAbi, functionName: 'isApprovedForAll', args: [w, chain.addresses.unitStaking] }),
    ]);
    expect(pending).toBeGreaterThan(0n);
    expect(yesterday).toBeGreaterThan(0n);
    expect(data).toMatchObject({
      wallet: w.toLowerCase(),
      staked_value: info[1]!.toString(),
      pending_reward: pending.toString(),
      claimed: info[4]!.toString(),
      total_profit: (info[4]! + pending).toString(),
      earned_yesterday: yesterday.toString(),
      approved,
      units_staked: 1,
      units_held: 6,
    });
    for (const unit of data.units) {
      const [held, staked, price] = await Promise.all([
        chain.deployer.publicClient.readContract({ address: chain.addresses.houseUnits, abi: houseUnitsAbi, functionName: 'balanceOf', args: [w, BigInt(unit.id)] }),
        read<bigint>('getStakedAmount', [w, BigInt(unit.id)]),
        read<bigint>('unitPrice', [BigInt(unit.id)]),
      ]);
      expect(unit).toEqual({ id: unit.id, name: `Type ${unit.id}`, image: `/images/v1/unit/${unit.id}`, held: Number(held), staked: Number(staked), unit_price: price.toString() });
    }
    expect(data.units.map((x) => [x.id, x.held, x.staked])).toEqual([[1, 2, 0], [2, 1, 1], [3, 2, 0], [4, 0, 0], [5, 0, 0]]);
  });

  it('rereads the pool once a block is mined: a new APR shows at once', async () => {
    const before = await pool();
    const hash = await chain.deployer.walletClient.writeContract({ address: chain.addresses.unitStaking, abi: unitStakingAbi, functionName: 'setApr', args: [1234n] });
    await chain.deployer.publicClient.waitForTransactionReceipt({ hash });
    const after = await pool();
    expect([before.apr_bps, after.apr_bps, after.apr_percent]).toEqual([2600, 1234, '12.34']);
  });

  it('getAssetsNFT: one entry per id in the order given, names and images of the unit types, lists capped', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/getAssetsNFT', payload: { ids: [1, 1, 3], ids_staking: ['5'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      error: false,
      data: [
        { _id: 'held-1-1', nft_id: 1, name: 'Type 1', image: '/images/v1/unit/1' },
        { _id: 'held-1-2', nft_id: 1, name: 'Type 1', image: '/images/v1/unit/1' },
        { _id: 'held-3-1', nft_id: 3, name: 'Type 3', image: '/images/v1/unit/3' },
      ],
      dataStaked: [{ _id: 'staked-5-1', nft_id: 5, name: 'Type 5', image: '/images/v1/unit/5' }],
    });
    const empty = await t.app.inject({ method: 'POST', url: '/api/getAssetsNFT', payload: {} });
    expect(empty.json()).toEqual({ error: false, data: [], dataStaked: [] });
    const full = Array.from({ length: ASSETS_NFT_MAX_IDS }, () => 2);
    expect((await t.app.inject({ method: 'POST', url: '/api/getAssetsNFT', payload: { ids: full, ids_staking: full } })).statusCode).toBe(200);
    for (const payload of [{ ids: [...full, 2] }, { ids_staking: [...full, 2] }, { ids: [6] }, { ids: [0] }, { ids: 'x' }, { ids: [1], other: 1 }]) {
      const bad = await t.app.inject({ method: 'POST', url: '/api/getAssetsNFT', payload });
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(bad)).toMatchObject({ error: true, code: 'BAD_REQUEST' });
    }
    const tooMany = await t.app.inject({ method: 'POST', url: '/api/getAssetsNFT', payload: { ids: [...full, 2] } });
    expect(body(tooMany).msg).toBe(`ids has at most ${ASSETS_NFT_MAX_IDS} ids.`);
  });

  it('a bad wallet address is a 400 with a sentence', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/staking/wallet/0x1234' });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ error: true, code: 'BAD_REQUEST', msg: 'address is a 0x wallet address.' });
  });
});

describe('staking on a server without a staking contract', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('the pool says it is unavailable and why; the other calls answer 409 STAKING_UNAVAILABLE', async () => {
    const pool = await t.app.inject({ method: 'GET', url: '/api/staking/pool' });
    expect(pool.statusCode).toBe(200);
    expect(pool.json()).toEqual({ error: false, available: false, reason: 'No units chain is configured on this server.' });
    const wallet = await t.app.inject({ method: 'GET', url: `/api/staking/wallet/0x${'a'.repeat(40)}` });
    const assets = await t.app.inject({ method: 'POST', url: '/api/getAssetsNFT', payload: { ids: [1] } });
    for (const res of [wallet, assets]) {
      expect(res.statusCode).toBe(409);
      expect(body(res)).toEqual({ error: true, code: 'STAKING_UNAVAILABLE', msg: 'Staking is not available on this server.' });
    }
  });
});
