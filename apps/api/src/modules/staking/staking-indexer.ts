import { unitStakingAbi } from '@starport/chain';
import { and, eq, gt } from 'drizzle-orm';
import { parseEventLogs, type Address, type Hash } from 'viem';
import type { ChainClient } from '../../chain/clients.ts';
import type { DbOrTx } from '../../db/client.ts';
import { stakingCursors, stakingEvents } from '../../db/schema/index.ts';

/**
 * The staking indexer (decision 0054): UnitStaking's events, read in confirmed block ranges into
 * staking_events. staking_cursors keeps the last block read with its hash and the recent range
 * ends; before each run the cursor's block is compared with the chain, and on a re-org the
 * indexer rewinds to the newest remembered range end still on the chain (or to the start when
 * none is), deleting the events above it, and reads again from there.
 */
export type StakingIndexTarget = { chainId: number; contract: Address; fromBlock: bigint };
export type StakingIndexLimits = { confirmations: number; rangeBlocks: bigint; maxRanges: number };
export const DEFAULT_STAKING_INDEX_LIMITS: StakingIndexLimits = { confirmations: 3, rangeBlocks: 2_000n, maxRanges: 20 };
/** Range ends remembered as rewind points: a re-org deeper than the newest 32 reads everything again. */
export const RECENT_RANGE_ENDS = 32;

export type StakingIndexOutcome = { caughtUp: boolean; rewound: boolean; cursor: bigint | null };

const EVENT_NAMES = ['Staked', 'Unstaked', 'Claimed', 'RewardDeposited', 'AprChanged'] as const;

type Cursor = { blockNumber: bigint; blockHash: string; recent: { n: string; h: string }[] };

export async function indexStaking(db: DbOrTx, client: ChainClient, target: StakingIndexTarget, limits: StakingIndexLimits): Promise<StakingIndexOutcome> {
  const where = and(eq(stakingCursors.chainId, target.chainId), eq(stakingCursors.contract, target.contract));
  const [row] = await db.select().from(stakingCursors).where(where);
  let cursor: Cursor | null = row ?? null;
  let rewound = false;
  if (cursor) {
    const onChain = await client.getBlock({ blockNumber: cursor.blockNumber }).catch(() => null);
    if (onChain?.hash !== cursor.blockHash) {
      cursor = await rewind(db, client, target, cursor);
      rewound = true;
    }
  }
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const safeHead = head - BigInt(limits.confirmations - 1);
  let next = cursor ? cursor.blockNumber + 1n : target.fromBlock;
  for (let i = 0; i < limits.maxRanges; i++) {
    if (next > safeHead) return { caughtUp: true, rewound, cursor: cursor?.blockNumber ?? null };
    const to = next + limits.rangeBlocks - 1n < safeHead ? next + limits.rangeBlocks - 1n : safeHead;
    const end = await client.getBlock({ blockNumber: to });
    const raw = await client.getLogs({ address: target.contract, fromBlock: next, toBlock: to });
    const logs = parseEventLogs({ abi: unitStakingAbi, logs: raw, eventName: [...EVENT_NAMES], strict: true });
    const times = new Map<Hash, Date>();
    for (const log of logs) {
      if (!times.has(log.blockHash)) times.set(log.blockHash, new Date(Number((await client.getBlock({ blockHash: log.blockHash })).timestamp) * 1000));
    }
    // The range's end moved while its logs were read: they may be of a dropped branch; write nothing.
    if ((await client.getBlock({ blockNumber: to })).hash !== end.hash) return { caughtUp: false, rewound, cursor: cursor?.blockNumber ?? null };
    const rows = logs.map((log) => ({
      chainId: target.chainId,
      contract: target.contract,
      txHash: log.transactionHash.toLowerCase(),
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      blockTime: times.get(log.blockHash)!,
      ...eventFields(log),
    }));
    const recent = [...(cursor?.recent ?? []), { n: to.toString(), h: end.hash }].slice(-RECENT_RANGE_ENDS);
    await db.transaction(async (tx) => {
      if (rows.length) await tx.insert(stakingEvents).values(rows).onConflictDoNothing();
      await tx
        .insert(stakingCursors)
        .values({ chainId: target.chainId, contract: target.contract, blockNumber: to, blockHash: end.hash, recent })
        .onConflictDoUpdate({
          target: [stakingCursors.chainId, stakingCursors.contract],
          set: { blockNumber: to, blockHash: end.hash, recent, updatedAt: new Date() },
        });
    });
    cursor = { blockNumber: to, blockHash: end.hash, recent };
    next = to + 1n;
  }
  return { caughtUp: next > safeHead, rewound, cursor: cursor?.blockNumber ?? null };
}

type StakingLog = { eventName: string; args: Record<string, unknown> };

function eventFields(log: StakingLog) {
  const a = log.args;
  const lower = (x: unknown) => String(x).toLowerCase();
  switch (log.eventName) {
    case 'Staked':
    case 'Unstaked':
      return { kind: log.eventName === 'Staked' ? ('staked' as const) : ('unstaked' as const), account: lower(a.user), unitId: Number(a.id), value: String(a.value), amount: null };
    case 'Claimed':
      return { kind: 'claimed' as const, account: lower(a.user), unitId: null, value: null, amount: String(a.amount) };
    case 'RewardDeposited':
      return { kind: 'deposited' as const, account: lower(a.from), unitId: null, value: null, amount: String(a.amount) };
    default:
      return { kind: 'apr' as const, account: null, unitId: null, value: String(a.newAprBps), amount: null };
  }
}

/** Back to the newest remembered range end the chain still has; everything above it is deleted. */
async function rewind(db: DbOrTx, client: ChainClient, target: StakingIndexTarget, cursor: Cursor): Promise<Cursor | null> {
  let safe: Cursor | null = null;
  for (let i = cursor.recent.length - 1; i >= 0 && !safe; i--) {
    const point = cursor.recent[i]!;
    const block = await client.getBlock({ blockNumber: BigInt(point.n) }).catch(() => null);
    if (block?.hash === point.h) safe = { blockNumber: BigInt(point.n), blockHash: point.h, recent: cursor.recent.slice(0, i + 1) };
  }
  const mine = and(eq(stakingEvents.chainId, target.chainId), eq(stakingEvents.contract, target.contract));
  const cursorOf = and(eq(stakingCursors.chainId, target.chainId), eq(stakingCursors.contract, target.contract));
  await db.transaction(async (tx) => {
    if (safe) {
      await tx.delete(stakingEvents).where(and(mine, gt(stakingEvents.blockNumber, safe.blockNumber)));
      await tx.update(stakingCursors).set({ blockNumber: safe.blockNumber, blockHash: safe.blockHash, recent: safe.recent, updatedAt: new Date() }).where(cursorOf);
    } else {
      await tx.delete(stakingEvents).where(mine);
      await tx.delete(stakingCursors).where(cursorOf);
    }
  });
  return safe;
}
