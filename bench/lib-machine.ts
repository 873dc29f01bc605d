// The machine's speed on the day, so that figures from different days can be read side by side.
// The same commit's warm start measured 2.44 s one day and 5.10 s another on "this machine"
// (2 shared vCPUs whose speed varies): a benchmark prints this beside its results.
import { createHash } from 'node:crypto';

/** One core's time for a fixed piece of JavaScript and hashing work, in ms (lower is faster). */
function referenceWork(): number {
  const started = performance.now();
  let sum = 0;
  for (let i = 0; i < 100_000_000; i++) sum += i % 7;
  const block = Buffer.alloc(32 * 1024 * 1024, sum & 0xff);
  createHash('sha256').update(block).digest();
  return performance.now() - started;
}

/** The fastest of three runs of the reference work: the least disturbed by other work. */
export function machineSpeed(): string {
  const best = Math.min(referenceWork(), referenceWork(), referenceWork());
  return `reference work ${best.toFixed(0)} ms (one core, best of 3; lower is faster)`;
}
