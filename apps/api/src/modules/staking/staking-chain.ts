import { houseUnitsAbi, unitStakingAbi } from '@starport/chain';
import { UNIT_TYPE_IDS } from '@starport/schemas';
import type { Address } from 'viem';
import type { ChainClient } from '../../chain/clients.ts';
import { stakingContractFacts, type StakingContractFacts, type StakingTarget } from './staking-target.ts';

/** The chain head a set of reads was pinned to. */
export type Head = { number: bigint; time: number };

/** The pool as the staking contract's views give it at one block. */
export type PoolReads = StakingContractFacts & {
  head: Head;
  aprBps: number;
  totalStakedAll: bigint;
  totalStakedValue: bigint;
  rewardPool: bigint;
  totalClaimed: bigint;
  owner: Address;
  ownerIsContract: boolean;
};

const headInFlight = new Map<ChainClient, Promise<Head>>();

/**
 * The newest block, asked of the node on every call (viem's own block-number cache would hide a
 * just-mined APR change for seconds) but shared by the requests that ask at the same moment.
 */
export function chainHead(client: ChainClient): Promise<Head> {
  let pending = headInFlight.get(client);
  if (!pending) {
    pending = client
      .getBlock({ blockTag: 'latest' })
      .then((b) => ({ number: b.number, time: Number(b.timestamp) }))
      .finally(() => headInFlight.delete(client));
    headInFlight.set(client, pending);
  }
  return pending;
}

/**
 * Pool reads cached per contract and head block: while no block is mined every request is
 * answered from one set of reads (one eth_getBlockByNumber each instead of eight calls), and the
 * first request after a new block (an APR change, a deposit) reads the views again.
 */
const poolCache = new Map<string, { block: bigint; reads: Promise<PoolReads> }>();

export async function readPool(client: ChainClient, target: StakingTarget): Promise<PoolReads> {
  const head = await chainHead(client);
  const key = `${target.chain.id}|${target.chain.rpcUrl}|${target.staking}`;
  const cached = poolCache.get(key);
  if (cached && cached.block === head.number) return cached.reads;
  const reads = readPoolAt(client, target, head);
  poolCache.set(key, { block: head.number, reads });
  reads.catch(() => {
    if (poolCache.get(key)?.reads === reads) poolCache.delete(key);
  });
  return reads;
}

async function readPoolAt(client: ChainClient, target: StakingTarget, head: Head): Promise<PoolReads> {
  const facts = await stakingContractFacts(client, target);
  const at = { address: target.staking, abi: unitStakingAbi, blockNumber: head.number } as const;
  const [aprBps, totalStakedAll, totalStakedValue, rewardPool, totalClaimed, owner] = await Promise.all([
    client.readContract({ ...at, functionName: 'getApr' }),
    client.readContract({ ...at, functionName: 'totalStakedAll' }),
    client.readContract({ ...at, functionName: 'totalStakedValue' }),
    client.readContract({ ...at, functionName: 'rewardPool' }),
    client.readContract({ ...at, functionName: 'totalClaimed' }),
    client.readContract({ ...at, functionName: 'owner' }),
  ]);
  const code = await client.getCode({ address: owner, blockNumber: head.number });
  return {
    ...facts,
    head,
    aprBps: Number(aprBps),
    totalStakedAll,
    totalStakedValue,
    rewardPool,
    totalClaimed,
    owner: owner.toLowerCase() as Address,
    ownerIsContract: !!code && code !== '0x',
  };
}

/** One wallet's position, read at one block. */
export type WalletReads = {
  units: { id: number; held: bigint; staked: bigint; unitPrice: bigint }[];
  stakedValue: bigint;
  pending: bigint;
  claimed: bigint;
  earnedYesterday: bigint;
  approved: boolean;
};

export async function readWallet(client: ChainClient, target: StakingTarget, wallet: Address): Promise<WalletReads> {
  const facts = await stakingContractFacts(client, target);
  const { number: blockNumber } = await chainHead(client);
  const staking = { address: target.staking, abi: unitStakingAbi, blockNumber } as const;
  const units = { address: facts.units, abi: houseUnitsAbi, blockNumber } as const;
  const perType = Promise.all(
    UNIT_TYPE_IDS.map(async (id) => {
      const [held, staked, unitPrice] = await Promise.all([
        client.readContract({ ...units, functionName: 'balanceOf', args: [wallet, BigInt(id)] }),
        client.readContract({ ...staking, functionName: 'getStakedAmount', args: [wallet, BigInt(id)] }),
        client.readContract({ ...staking, functionName: 'unitPrice', args: [BigInt(id)] }),
      ]);
      return { id, held, staked, unitPrice };
    }),
  );
  const [types, info, pending, earnedYesterday, approved] = await Promise.all([
    perType,
    client.readContract({ ...staking, functionName: 'getUserInfo', args: [wallet] }),
    client.readContract({ ...staking, functionName: 'pendingReward', args: [wallet] }),
    client.readContract({ ...staking, functionName: 'earnedYesterday', args: [wallet] }),
    client.readContract({ ...units, functionName: 'isApprovedForAll', args: [wallet, target.staking] }),
  ]);
  const [, stakedValue, , , claimed] = info;
  return { units: types, stakedValue, pending, claimed, earnedYesterday, approved };
}
