import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx, type Tx } from '../../db/client.ts';

/**
 * Checkpoints (decision 0050, "Deep re-orgs"): the hash of every block a range of the indexer
 * ended on, as it was read. After a re-org of any depth they are where the walk back looks for
 * the last block the chain still has. All those within DENSE_BLOCKS of the cursor are kept;
 * further back a few per power of two of distance, so the walk back overshoots the fork by a
 * small fraction of its depth at most and a contract keeps a few hundred rows, not one a range.
 */

type Contract = { chainId: number; contract: string };
/** A block as read: the repo's BlockRef (not imported: the repo imports this file). */
type BlockRef = { number: bigint; hash: string };

/** Checkpoints this close to the cursor are all kept: re-orgs are nearly always shallow. */
export const DENSE_BLOCKS = 256n;
/** Further back, each power-of-two band of distance keeps one checkpoint per quarter of its width. */
const BUCKETS_PER_BAND_LOG2 = 2n;

const bitLength = (n: bigint): bigint => BigInt(n.toString(2).length);

/**
 * Which of these checkpoint heights can go once the cursor is at `cursor`: beyond DENSE_BLOCKS,
 * the newest in each bucket is kept (buckets are a quarter of their distance band, so they
 * widen with age); the others are dropped.
 */
export function checkpointsToDrop(heights: bigint[], cursor: bigint): bigint[] {
  const newestOfBucket = new Map<string, bigint>();
  const drop: bigint[] = [];
  for (const height of [...heights].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))) {
    const distance = cursor - height;
    if (distance < DENSE_BLOCKS) continue;
    const band = bitLength(distance);
    const bucket = `${band}:${height >> (band - 1n - BUCKETS_PER_BAND_LOG2)}`;
    if (newestOfBucket.has(bucket)) drop.push(height);
    else newestOfBucket.set(bucket, height);
  }
  return drop;
}

/** Records `at` (a range's last block, the new cursor) as a checkpoint and thins the old ones. */
export async function keepCheckpoint(tx: Tx, c: Contract, at: BlockRef): Promise<void> {
  await tx.execute(
    sql`INSERT INTO chain_checkpoints (chain_id, contract, block_number, block_hash)
        VALUES (${c.chainId}, ${c.contract}, ${at.number.toString()}::bigint, ${at.hash})
        ON CONFLICT (chain_id, contract, block_number) DO UPDATE SET block_hash = excluded.block_hash`,
  );
  const rows = await queryRows<{ block_number: string }>(
    tx,
    sql`SELECT block_number::text FROM chain_checkpoints
        WHERE chain_id = ${c.chainId} AND contract = ${c.contract} AND block_number <= ${(at.number - DENSE_BLOCKS).toString()}::bigint`,
  );
  const drop = checkpointsToDrop(rows.map((r) => BigInt(r.block_number)), at.number);
  if (drop.length === 0) return;
  await tx.execute(
    sql`DELETE FROM chain_checkpoints WHERE chain_id = ${c.chainId} AND contract = ${c.contract}
        AND block_number IN (${sql.join(drop.map((h) => sql`${h.toString()}::bigint`), sql`, `)})`,
  );
}

/** A rewind to `to` (undefined: to before the first block) forgets the checkpoints of the dropped branch. */
export async function dropCheckpointsAbove(tx: Tx, c: Contract, to: BlockRef | undefined): Promise<void> {
  await tx.execute(
    sql`DELETE FROM chain_checkpoints WHERE chain_id = ${c.chainId} AND contract = ${c.contract}
        AND block_number > ${(to?.number ?? -1n).toString()}::bigint`,
  );
}

/** Every checkpoint below `below`, oldest first: one history (a rewind drops what it undoes), so their hashes agree with each other. */
export async function checkpointsBelow(db: DbOrTx, c: Contract, below: bigint): Promise<BlockRef[]> {
  const rows = await queryRows<{ block_number: string; block_hash: string }>(
    db,
    sql`SELECT block_number::text, block_hash FROM chain_checkpoints
        WHERE chain_id = ${c.chainId} AND contract = ${c.contract} AND block_number < ${below.toString()}::bigint
        ORDER BY block_number`,
  );
  return rows.map((r) => ({ number: BigInt(r.block_number), hash: r.block_hash }));
}
