import { describe, expect, it } from 'vitest';
import { checkpointsToDrop, DENSE_BLOCKS } from './chain-checkpoints.ts';

/** What the indexer keeps after following a chain range by range: each write adds its end, then thins. */
function follow(head: bigint, rangeBlocks: bigint): bigint[] {
  let kept: bigint[] = [];
  for (let cursor = rangeBlocks; cursor <= head; cursor += rangeBlocks) {
    kept.push(cursor);
    const drop = new Set(checkpointsToDrop(kept, cursor));
    kept = kept.filter((h) => !drop.has(h));
  }
  return kept;
}

describe('checkpoints thin out with age', () => {
  it('keeps every checkpoint near the cursor, a few hundred in all, and one not far below any depth', () => {
    const head = 200_000n;
    const kept = follow(head, 7n);
    expect(kept.length).toBeLessThan(150);
    const cursor = kept[kept.length - 1]!;
    // All recent ones: a shallow re-org finds its fork exactly.
    for (let h = cursor; h > cursor - DENSE_BLOCKS; h -= 7n) expect(kept).toContain(h);
    // A fork at any height: the newest checkpoint at or below it is less than a range, or less
    // than the re-org's depth, below the fork (what is read again beyond the re-org itself).
    for (let fork = cursor - 1n; fork > 1000n; fork -= 997n) {
      const below = kept.filter((h) => h <= fork).reduce((a, b) => (a > b ? a : b), 0n); // none: the first block
      expect(fork - below).toBeLessThan(cursor - fork > 7n ? cursor - fork : 7n);
    }
  });

  it('drops nothing within DENSE_BLOCKS of the cursor', () => {
    const heights = [1000n, 1001n, 1100n, 1200n];
    expect(checkpointsToDrop(heights, 1200n + DENSE_BLOCKS - 1n - 200n)).toEqual([]);
  });
});
