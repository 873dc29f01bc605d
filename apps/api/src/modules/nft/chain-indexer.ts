import { BlockNotFoundError, parseAbiItem, type Address, type Hash, type PublicClient } from 'viem';
import type { Db } from '../../db/client.ts';
import { checkpointsBelow } from './chain-checkpoints.ts';
import { indexedBlocksBelow, readCursor, recordRange, rewind, type BlockRef, type IndexedTransfer, type OwnersChanged } from './chain-index.repo.ts';
import { followTokens, type FollowedAsset } from './follow-tokens.ts';

/**
 * The chain indexer of one contract (docs/decisions/0050): reads its transfer events from the
 * cursor on, only up to the last confirmed block, in bounded block ranges, and checks before
 * every step that the cursor's block is still on the chain (a re-org otherwise: rewind).
 */

export type TokenStandard = 'erc721' | 'erc1155';
export type IndexTarget = {
  chainId: number;
  contract: Address;
  standard: TokenStandard;
  /** the Starport asset each token is, when assets follow their tokens (ERC-721 ships and land) */
  asset?: FollowedAsset;
};
export type IndexLimits = {
  /** blocks a transfer needs (its own included) before it is indexed, the chain's CONFIRMATIONS */
  confirmations: number;
  /** the first block worth reading (the contracts' deployment, or 0) */
  fromBlock: bigint;
  /** blocks per eth_getLogs call: providers refuse wide ranges */
  rangeBlocks: bigint;
  /** ranges per run, so one run is bounded; the next run carries on */
  maxRanges: number;
  /** how many of the newest blocks with indexed transfers join the checkpoints as ancestor candidates */
  ancestorChecks: number;
};

export const DEFAULT_INDEX_LIMITS: Omit<IndexLimits, 'confirmations'> = {
  fromBlock: 0n,
  rangeBlocks: 2000n,
  maxRanges: 10,
  ancestorChecks: 16,
};

type Contract = { chainId: number; contract: string };
export type IndexOutcome = { caughtUp: boolean; rewound: boolean; cursor: bigint | null };

const ERC721_TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)');
const ERC1155_SINGLE = parseAbiItem(
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
);
const ERC1155_BATCH = parseAbiItem(
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
);

/** The block at `number` as the chain has it now, or undefined when the chain is shorter (it was cut back). */
async function blockAt(client: PublicClient, number: bigint): Promise<BlockRef | undefined> {
  try {
    const block = await client.getBlock({ blockNumber: number });
    return { number, hash: block.hash };
  } catch (err) {
    if (err instanceof BlockNotFoundError) return undefined;
    throw err;
  }
}

type Position = { blockNumber: bigint | null; blockHash: Hash | null; logIndex: number | null; transactionHash: Hash | null };

function placed(log: Position): Omit<IndexedTransfer, 'item' | 'tokenId' | 'from' | 'to' | 'amount'> {
  if (log.blockNumber === null || log.blockHash === null || log.logIndex === null || log.transactionHash === null) {
    throw new Error('the node returned a pending log for a mined block range');
  }
  return { blockNumber: log.blockNumber, blockHash: log.blockHash.toLowerCase(), logIndex: log.logIndex, txHash: log.transactionHash.toLowerCase() };
}

/** The transfers of blocks from..to, one per token moved (an ERC-1155 batch gives one per id). */
async function transfersIn(client: PublicClient, target: IndexTarget, fromBlock: bigint, toBlock: bigint): Promise<IndexedTransfer[]> {
  const lower = (a: Address) => a.toLowerCase();
  if (target.standard === 'erc721') {
    const logs = await client.getLogs({ address: target.contract, event: ERC721_TRANSFER, fromBlock, toBlock, strict: true });
    return logs.map((log) => ({
      ...placed(log),
      item: 0,
      tokenId: log.args.tokenId,
      from: lower(log.args.from),
      to: lower(log.args.to),
      amount: 1n,
    }));
  }
  const logs = await client.getLogs({ address: target.contract, events: [ERC1155_SINGLE, ERC1155_BATCH], fromBlock, toBlock, strict: true });
  return logs.flatMap((log) => {
    const at = placed(log);
    const from = lower(log.args.from);
    const to = lower(log.args.to);
    if (log.eventName === 'TransferSingle') return [{ ...at, item: 0, tokenId: log.args.id, from, to, amount: log.args.value }];
    return log.args.ids.map((id, item) => ({ ...at, item, tokenId: id, from, to, amount: log.args.values[item] ?? 0n }));
  });
}

/**
 * The cursor's block is not on the chain any more: a re-org, of any depth. The last common
 * ancestor is the newest block we read whose hash the chain still has (a block with the same
 * hash has the same history below it). The candidates are the checkpoints (every range's last
 * block, thinned with age) and the newest blocks with indexed transfers, all of one history, so
 * "still on the chain" holds for every candidate up to the fork and for none above it: a binary
 * search asks the chain about a handful. Only a candidate the chain has just confirmed is
 * returned; with none, the contract is read again from its first block.
 */
async function lastCommonAncestor(db: Db, client: PublicClient, c: Contract, cursor: BlockRef, limits: IndexLimits): Promise<BlockRef | undefined> {
  const byHeight = new Map<bigint, BlockRef>();
  for (const block of await checkpointsBelow(db, c, cursor.number)) byHeight.set(block.number, block);
  for (const block of await indexedBlocksBelow(db, c, cursor.number, limits.ancestorChecks)) byHeight.set(block.number, block);
  const candidates = [...byHeight.values()].sort((a, b) => (a.number < b.number ? -1 : 1));
  let found: BlockRef | undefined;
  let low = 0;
  let high = candidates.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const candidate = candidates[middle]!;
    const now = await blockAt(client, candidate.number);
    if (now && now.hash.toLowerCase() === candidate.hash) {
      found = candidate;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * One run for one contract: at most `maxRanges` ranges of confirmed blocks. Safe to run twice at
 * once (the cursor is moved only from where it was read) and after a crash (nothing is written
 * but whole ranges with their cursor). Throws the RPC's error when the chain cannot be read.
 */
export async function indexContract(db: Db, client: PublicClient, target: IndexTarget, limits: IndexLimits): Promise<IndexOutcome> {
  const where = { chainId: target.chainId, contract: target.contract.toLowerCase() };
  const asset = target.asset;
  const follow: OwnersChanged | undefined = asset ? (tx, ids) => followTokens(tx, { ...where, asset }, ids) : undefined;
  let rewound = false;
  let cursor = await readCursor(db, where);
  if (cursor) {
    const now = await blockAt(client, cursor.number);
    if (!now || now.hash.toLowerCase() !== cursor.hash) {
      const ancestor = await lastCommonAncestor(db, client, where, cursor, limits);
      if (!(await rewind(db, where, cursor, ancestor, follow))) return { caughtUp: false, rewound: false, cursor: null };
      rewound = true;
      cursor = ancestor;
    }
  }
  // cacheTime 0: viem would otherwise answer from a 4 s cache and a new block would wait a run.
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const lastConfirmed = head - BigInt(limits.confirmations) + 1n;
  for (let range = 0; range < limits.maxRanges; range++) {
    const from = cursor ? cursor.number + 1n : limits.fromBlock;
    if (from > lastConfirmed) return { caughtUp: true, rewound, cursor: cursor?.number ?? null };
    const to = from + limits.rangeBlocks - 1n < lastConfirmed ? from + limits.rangeBlocks - 1n : lastConfirmed;
    // The range's last block before and after its logs are read: the same block means the same
    // history below it, so the logs are of the branch the cursor moves onto. A re-org meanwhile
    // (or a chain cut back) writes nothing; the next run starts with the cursor's check.
    const endBefore = await blockAt(client, to);
    const transfers = await transfersIn(client, target, from, to);
    const end = await blockAt(client, to);
    if (!endBefore || !end || endBefore.hash !== end.hash) return { caughtUp: false, rewound, cursor: cursor?.number ?? null };
    const next = { number: to, hash: end.hash.toLowerCase() };
    // A log from a block that is not the one the range ends on would be from a fork: read again next run.
    if (transfers.some((t) => t.blockNumber === to && t.blockHash !== next.hash)) return { caughtUp: false, rewound, cursor: cursor?.number ?? null };
    if (!(await recordRange(db, where, cursor, next, transfers, follow))) return { caughtUp: false, rewound, cursor: null };
    cursor = next;
  }
  const from = cursor ? cursor.number + 1n : limits.fromBlock;
  return { caughtUp: from > lastConfirmed, rewound, cursor: cursor?.number ?? null };
}
