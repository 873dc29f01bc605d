import {
  STAKING_FETCH_FAILED,
  unitImagePath,
  type AssetsNftResponse,
  type StakingNftEntry,
  type StakingPoolResponse,
  type StakingWalletResponse,
} from '@starport/schemas';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { BaseError, type Address } from 'viem';
import type { ChainsConfig } from '../../chain/chain-config.ts';
import { describeChainError } from '../../chain/chain-errors.ts';
import { ChainMismatchError, checkedClientFor, type ChainClient } from '../../chain/clients.ts';
import type { DbOrTx } from '../../db/client.ts';
import { stakingCursors, stakingEvents } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { readPool, readWallet } from './staking-chain.ts';
import { APY_WINDOWS, dailyReward, depositHistory, percentOfBps, poolLastsDays, realisedApy, type FigureEvent } from './staking-figures.ts';
import { deploymentBlock, requireStakingTarget, stakingTarget, type StakingTarget } from './staking-target.ts';

type Log = { warn(obj: object, msg: string): void };

/** A unit type's name and image, as its token metadata (/api/nft/unit/{id}) names it. */
export const unitName = (id: number) => `Type ${id}`;
export const unitImage = (id: number) => unitImagePath(id as 1 | 2 | 3 | 4 | 5);

const accountUrl = (explorer: string | null, address: string) => (explorer ? `${explorer}/address/${address}` : null);

/** The chain did not answer (or answered another chain): 503 with the spec's staking text. */
async function fromChain<T>(log: Log, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (!(err instanceof BaseError || err instanceof ChainMismatchError)) throw err;
    log.warn({ error: describeChainError(err) }, 'staking: the units chain could not be read');
    throw new AppError('UNAVAILABLE', 503, STAKING_FETCH_FAILED, { 'retry-after': '5' });
  }
}

/**
 * The deployment block and its date, or nulls: without CHAIN_<ID>_INDEX_FROM_BLOCK it is found
 * with historic eth_getCode reads, which a pruned (non-archive) node may refuse; the pool is
 * still answered then.
 */
async function deployment(c: ChainClient, target: StakingTarget): Promise<{ block: number | null; at: string | null }> {
  try {
    const block = await deploymentBlock(c, target);
    const at = await c.getBlock({ blockNumber: block });
    return { block: Number(block), at: new Date(Number(at.timestamp) * 1000).toISOString() };
  } catch (err) {
    if (!(err instanceof BaseError) && !(err instanceof Error && err.message.startsWith('no staking contract'))) throw err;
    return { block: null, at: null };
  }
}

// The job pace (10 s, one retry) rather than the 3 s of a sign-in check: the pool's eight reads
// share one block and are cached per head, and a busy node answering late is better than a 503.
const client = (target: StakingTarget): Promise<ChainClient> => checkedClientFor(target.chain, 'job');

export class StakingService {
  constructor(private readonly d: { db: DbOrTx; chains: ChainsConfig }) {}

  async pool(log: Log): Promise<StakingPoolResponse> {
    const target = stakingTarget(this.d.chains);
    if ('reason' in target) return { error: false, available: false, reason: target.reason };
    const { chain, staking } = target;
    const { reads, deployed } = await fromChain(log, async () => {
      const c = await client(target);
      const reads = await readPool(c, target);
      return { reads, deployed: await deployment(c, target) };
    });
    const figures = await this.indexedFigures(target);
    const daily = dailyReward(reads.totalStakedValue, reads.aprBps);
    const explorer = chain.explorerUrl;
    return {
      error: false,
      available: true,
      pool: {
        chain: { id: chain.id, name: chain.name, explorer_url: explorer },
        contracts: {
          staking: { address: staking, url: accountUrl(explorer, staking) },
          units: { address: reads.units, url: accountUrl(explorer, reads.units) },
          reward_token: { address: reads.rewardToken, url: accountUrl(explorer, reads.rewardToken) },
        },
        reward_symbol: reads.rewardSymbol,
        reward_decimals: reads.rewardDecimals,
        apr_bps: reads.aprBps,
        apr_percent: percentOfBps(reads.aprBps),
        total_staked_units: Number(reads.totalStakedAll),
        total_staked_value: reads.totalStakedValue.toString(),
        reward_pool: reads.rewardPool.toString(),
        total_claimed: reads.totalClaimed.toString(),
        daily_reward: daily.toString(),
        pool_lasts_days: poolLastsDays(reads.rewardPool, daily),
        owner: { address: reads.owner, url: accountUrl(explorer, reads.owner), is_contract: reads.ownerIsContract },
        deployed_block: deployed.block,
        deployed_at: deployed.at,
        realised_apy: APY_WINDOWS.map((days) => realisedApy(figures.events, reads.head.time, days)),
        history: depositHistory(figures.events, reads.head.time),
        indexed_block: figures.indexedBlock,
      },
    };
  }

  /** The indexed events that make the history and the realised APY, in chain order. */
  private async indexedFigures(target: StakingTarget): Promise<{ events: FigureEvent[]; indexedBlock: number | null }> {
    const mine = and(eq(stakingEvents.chainId, target.chain.id), eq(stakingEvents.contract, target.staking));
    const rows = await this.d.db
      .select({ kind: stakingEvents.kind, blockTime: stakingEvents.blockTime, value: stakingEvents.value, amount: stakingEvents.amount })
      .from(stakingEvents)
      .where(and(mine, inArray(stakingEvents.kind, ['staked', 'unstaked', 'claimed'])))
      .orderBy(asc(stakingEvents.blockNumber), asc(stakingEvents.logIndex));
    const [cursor] = await this.d.db
      .select({ blockNumber: stakingCursors.blockNumber })
      .from(stakingCursors)
      .where(and(eq(stakingCursors.chainId, target.chain.id), eq(stakingCursors.contract, target.staking)));
    return {
      events: rows.map((r) => ({
        kind: r.kind as FigureEvent['kind'],
        time: Math.floor(r.blockTime.getTime() / 1000),
        value: BigInt(r.value ?? 0),
        amount: BigInt(r.amount ?? 0),
      })),
      indexedBlock: cursor ? Number(cursor.blockNumber) : null,
    };
  }

  async wallet(address: string, log: Log): Promise<StakingWalletResponse> {
    const target = requireStakingTarget(this.d.chains);
    const wallet = address.toLowerCase() as Address;
    const r = await fromChain(log, async () => readWallet(await client(target), target, wallet));
    const units = r.units.map((u) => ({
      id: u.id,
      name: unitName(u.id),
      image: unitImage(u.id),
      held: Number(u.held),
      staked: Number(u.staked),
      unit_price: u.unitPrice.toString(),
    }));
    const held = units.reduce((n, u) => n + u.held, 0);
    const staked = units.reduce((n, u) => n + u.staked, 0);
    return {
      error: false,
      data: {
        wallet,
        units,
        units_held: held + staked,
        units_staked: staked,
        staked_value: r.stakedValue.toString(),
        pending_reward: r.pending.toString(),
        claimed: r.claimed.toString(),
        total_profit: (r.claimed + r.pending).toString(),
        earned_yesterday: r.earnedYesterday.toString(),
        approved: r.approved,
      },
    };
  }

  /** POST /api/getAssetsNFT: one staking NFT entry per id given, in the order given. */
  assetsNft(body: { ids: number[]; ids_staking: number[] }): AssetsNftResponse {
    requireStakingTarget(this.d.chains);
    return { error: false, data: entries('held', body.ids), dataStaked: entries('staked', body.ids_staking) };
  }
}

/** `_id` is unique within an answer: the list, the unit type and which of its units (1, 2, …). */
function entries(list: 'held' | 'staked', ids: number[]): StakingNftEntry[] {
  const seen = new Map<number, number>();
  return ids.map((id) => {
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return { _id: `${list}-${id}-${n}`, nft_id: id, name: unitName(id), image: unitImage(id) };
  });
}
