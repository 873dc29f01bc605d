import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';
import { dropCheckpointsAbove, keepCheckpoint } from './chain-checkpoints.ts';

/** SQL of the chain indexer's tables (chain_cursors, nft_transfers, nft_owners); the nft module alone writes them. */

export type BlockRef = { number: bigint; hash: string };
export type IndexedTransfer = {
  blockNumber: bigint;
  blockHash: string;
  logIndex: number;
  item: number;
  txHash: string;
  tokenId: bigint;
  from: string;
  to: string;
  amount: bigint;
};
type Contract = { chainId: number; contract: string };
/** Runs in the write's transaction once the holders of these tokens are recomputed (assets follow their tokens). */
export type OwnersChanged = (tx: Tx, tokenIds: bigint[]) => Promise<void>;

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const INSERT_CHUNK = 1000;
const list = (values: SQL[]): SQL => sql.join(values, sql`, `);

export async function readCursor(db: DbOrTx, c: Contract): Promise<BlockRef | undefined> {
  const [row] = await queryRows<{ block_number: string; block_hash: string }>(
    db,
    sql`SELECT block_number::text, block_hash FROM chain_cursors WHERE chain_id = ${c.chainId} AND contract = ${c.contract}`,
  );
  return row && { number: BigInt(row.block_number), hash: row.block_hash };
}

/**
 * Moves the cursor from `expected` (undefined: none yet) to `next` (undefined: drop it), only if
 * it is still at `expected`: the first statement of every write, so two runs of one chain's
 * indexer serialise on the cursor row and the later one writes nothing. Returns whether it moved.
 */
async function moveCursor(tx: Tx, c: Contract, expected: BlockRef | undefined, next: BlockRef | undefined): Promise<boolean> {
  if (!expected) {
    if (!next) return true;
    const inserted = await queryRows(
      tx,
      sql`INSERT INTO chain_cursors (chain_id, contract, block_number, block_hash)
          VALUES (${c.chainId}, ${c.contract}, ${next.number.toString()}::bigint, ${next.hash})
          ON CONFLICT DO NOTHING RETURNING 1`,
    );
    return inserted.length === 1;
  }
  const at = sql`chain_id = ${c.chainId} AND contract = ${c.contract}
                 AND block_number = ${expected.number.toString()}::bigint AND block_hash = ${expected.hash}`;
  const moved = next
    ? await queryRows(
        tx,
        sql`UPDATE chain_cursors SET block_number = ${next.number.toString()}::bigint, block_hash = ${next.hash}, updated_at = now()
            WHERE ${at} RETURNING 1`,
      )
    : await queryRows(tx, sql`DELETE FROM chain_cursors WHERE ${at} RETURNING 1`);
  return moved.length === 1;
}

/** Recomputes who holds each of these tokens from every indexed transfer of it (mints come from the zero address). */
async function recomputeOwners(tx: Tx, c: Contract, tokenIds: bigint[]): Promise<void> {
  const distinct = [...new Set(tokenIds.map(String))];
  for (let start = 0; start < distinct.length; start += INSERT_CHUNK) await recomputeSome(tx, c, distinct.slice(start, start + INSERT_CHUNK));
}

async function recomputeSome(tx: Tx, c: Contract, tokenIds: string[]): Promise<void> {
  const ids = list(tokenIds.map((id) => sql`${id}::numeric`));
  const ofTokens = sql`chain_id = ${c.chainId} AND contract = ${c.contract} AND token_id IN (${ids})`;
  await tx.execute(sql`DELETE FROM nft_owners WHERE ${ofTokens}`);
  await tx.execute(
    sql`INSERT INTO nft_owners (chain_id, contract, token_id, owner, amount, block_number, log_index)
        SELECT ${c.chainId}, ${c.contract}, token_id, holder, sum(delta),
               (array_agg(block_number ORDER BY block_number DESC, log_index DESC))[1],
               (array_agg(log_index ORDER BY block_number DESC, log_index DESC))[1]
        FROM (SELECT token_id, to_address AS holder, amount AS delta, block_number, log_index FROM nft_transfers WHERE ${ofTokens}
              UNION ALL
              SELECT token_id, from_address, -amount, block_number, log_index FROM nft_transfers WHERE ${ofTokens}) moves
        WHERE holder <> ${ZERO_ADDRESS}
        GROUP BY token_id, holder
        HAVING sum(delta) > 0`,
  );
}

/**
 * Records the transfers of the blocks after `from` up to `to` and moves the cursor there, all
 * or nothing. False when the cursor was no longer at `from` (another run got there first).
 */
export async function recordRange(
  db: DbOrTx,
  c: Contract,
  from: BlockRef | undefined,
  to: BlockRef,
  transfers: IndexedTransfer[],
  ownersChanged?: OwnersChanged,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await moveCursor(tx, c, from, to))) return false;
    await keepCheckpoint(tx, c, to);
    if (transfers.length === 0) return true;
    const rows = transfers.map(
      (t) =>
        sql`(${c.chainId}, ${c.contract}, ${t.blockNumber.toString()}::bigint, ${t.blockHash}, ${t.logIndex}, ${t.item}, ${t.txHash},
             ${t.tokenId.toString()}::numeric, ${t.from}, ${t.to}, ${t.amount.toString()}::numeric)`,
    );
    // In chunks: one statement takes at most 65,535 parameters, and a busy range can hold thousands of transfers.
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      await tx.execute(
        sql`INSERT INTO nft_transfers (chain_id, contract, block_number, block_hash, log_index, item, tx_hash, token_id, from_address, to_address, amount)
            VALUES ${list(rows.slice(start, start + INSERT_CHUNK))}`,
      );
    }
    await recomputeOwners(tx, c, transfers.map((t) => t.tokenId));
    await ownersChanged?.(tx, transfers.map((t) => t.tokenId));
    return true;
  });
}

/**
 * Undoes everything indexed after block `to` (undefined: everything) and puts the cursor there,
 * if it is still at `from`. The holders of every token those transfers touched are recomputed
 * from what remains, so a transfer the chain dropped leaves no ghost owner.
 */
export async function rewind(db: DbOrTx, c: Contract, from: BlockRef, to: BlockRef | undefined, ownersChanged?: OwnersChanged): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await moveCursor(tx, c, from, to))) return false;
    await dropCheckpointsAbove(tx, c, to);
    const above = sql`chain_id = ${c.chainId} AND contract = ${c.contract} AND block_number > ${(to?.number ?? -1n).toString()}::bigint`;
    const dropped = await queryRows<{ token_id: string }>(tx, sql`DELETE FROM nft_transfers WHERE ${above} RETURNING token_id::text`);
    await recomputeOwners(tx, c, dropped.map((r) => BigInt(r.token_id)));
    await ownersChanged?.(tx, dropped.map((r) => BigInt(r.token_id)));
    return true;
  });
}

/** The blocks below `below` in which transfers were indexed, newest first, as they were read: candidates for the last common ancestor after a re-org. */
export async function indexedBlocksBelow(db: DbOrTx, c: Contract, below: bigint, limit: number): Promise<BlockRef[]> {
  const rows = await queryRows<{ block_number: string; block_hash: string }>(
    db,
    sql`SELECT DISTINCT block_number::text, block_number AS n, block_hash FROM nft_transfers
        WHERE chain_id = ${c.chainId} AND contract = ${c.contract} AND block_number < ${below.toString()}::bigint
        ORDER BY n DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({ number: BigInt(r.block_number), hash: r.block_hash }));
}
