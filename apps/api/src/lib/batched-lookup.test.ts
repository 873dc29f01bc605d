import { describe, expect, it } from 'vitest';
import { batchedLookup } from './batched-lookup.ts';

/**
 * A readMany whose reads stay open until the test lets them answer, one by one. Each answers
 * the table as it was when the read was sent, as a statement sees what was committed before it.
 */
function heldReads(table: Record<string, number>) {
  const reads: { keys: string[]; answer: () => void; fail: (error: Error) => void }[] = [];
  const readMany = (keys: string[]) =>
    new Promise<Map<string, number>>((resolve, reject) => {
      const seen = new Map(keys.filter((k) => k in table).map((k) => [k, table[k]!]));
      reads.push({ keys, answer: () => resolve(seen), fail: reject });
    });
  return { reads, readMany };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('batchedLookup: the lookups of one turn share a read, and wait while the reads are all out', () => {
  it('a lone lookup on a quiet server goes out alone, at the end of its turn', async () => {
    const { reads, readMany } = heldReads({ a: 1 });
    const look = batchedLookup(readMany);
    const a = look('a');
    await settled();
    expect(reads.map((r) => r.keys)).toEqual([['a']]);
    reads[0]!.answer();
    expect(await a).toBe(1);
  });

  it('lookups asked in the same turn go out together, each key once', async () => {
    const { reads, readMany } = heldReads({ a: 1, b: 2 });
    const look = batchedLookup(readMany);
    const answers = Promise.all(['a', 'b', 'a', 'zz'].map((k) => look(k)));
    await settled();
    expect(reads.map((r) => r.keys)).toEqual([['a', 'b', 'zz']]);
    reads[0]!.answer();
    expect(await answers).toEqual([1, 2, 1, undefined]);
  });

  it('lookups asked while the reads are all out wait, then go together in the next one', async () => {
    const { reads, readMany } = heldReads({ a: 1, b: 2, c: 3, d: 4 });
    const look = batchedLookup(readMany, { maxInFlight: 2 });
    const first = [look('a')];
    await settled();
    first.push(look('b'));
    await settled();
    const later = Promise.all(['c', 'd', 'zz'].map((k) => look(k)));
    await settled();
    expect(reads.map((r) => r.keys)).toEqual([['a'], ['b']]);
    reads[0]!.answer();
    await settled();
    expect(reads.map((r) => r.keys)).toEqual([['a'], ['b'], ['c', 'd', 'zz']]);
    reads[1]!.answer();
    reads[2]!.answer();
    expect(await Promise.all(first)).toEqual([1, 2]);
    expect(await later).toEqual([3, 4, undefined]);
  });

  it('a lookup is never answered by a read sent before it was asked', async () => {
    const table: Record<string, number> = { a: 1 };
    const { reads, readMany } = heldReads(table);
    const look = batchedLookup(readMany, { maxInFlight: 1 });
    const before = look('a');
    await settled();
    table.a = 2; // committed after the first read was sent: a logout, say
    const after = look('a');
    await settled();
    reads[0]!.answer();
    await settled();
    reads[1]!.answer();
    expect(await before).toBe(1);
    expect(await after).toBe(2);
  });

  it('a read carries at most maxBatch keys; the rest go in the next', async () => {
    const { reads, readMany } = heldReads({});
    const look = batchedLookup(readMany, { maxInFlight: 1, maxBatch: 2 });
    const all = Promise.all(['a', 'b', 'c', 'd', 'e'].map((k) => look(k)));
    for (let i = 0; i < 3; i += 1) {
      await settled();
      reads[i]!.answer();
    }
    await all;
    expect(reads.map((r) => r.keys)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('a failed read fails the lookups it carried and no others', async () => {
    const { reads, readMany } = heldReads({ a: 1, b: 2, c: 3 });
    const look = batchedLookup(readMany, { maxInFlight: 1 });
    const a = look('a');
    await settled();
    const b = look('b');
    const c = look('c');
    await settled();
    reads[0]!.fail(new Error('connection lost'));
    await expect(a).rejects.toThrow('connection lost');
    await settled();
    expect(reads[1]!.keys).toEqual(['b', 'c']);
    reads[1]!.answer();
    expect(await Promise.all([b, c])).toEqual([2, 3]);
  });

  it('a read that throws before its promise is a failed read too', async () => {
    let calls = 0;
    const look = batchedLookup<string, number>((keys) => {
      calls += 1;
      if (calls === 1) throw new Error('no connection');
      return Promise.resolve(new Map(keys.map((k) => [k, 7])));
    });
    await expect(look('a')).rejects.toThrow('no connection');
    expect(await look('a')).toBe(7);
  });
});
