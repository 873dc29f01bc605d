import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../db/client.ts';
import { ChainQueues } from './minter.ts';
import { landOwner, mintedTo, mintRowOf, mintsDueNow, mintStatus, post, startMintWorld, type MintWorld } from './minting.fixtures.ts';
import { runMint, type MintDeps, type MintStep } from './run-mint.ts';

/**
 * QUALITY.md "A mint is done once per asset across crashes and workers", on real PostgreSQL
 * (PGlite runs one transaction at a time and would hide the race): two workers, each with its
 * own connection pool and its own signer queue as two processes would have, run the same mints
 * at once. Each collection ends with one token, and the two mints' transactions both mine (no
 * nonce taken twice).
 */
describe('on PostgreSQL: two workers on one mint mint once', () => {
  let w: MintWorld;
  let other: Database;
  let workers: [MintDeps, MintDeps];

  beforeAll(async () => {
    w = await startMintWorld({ postgres: true });
    other = await openDatabase({ url: (w.t.database as { url?: string }).url!, onConnectionError: () => {} });
    const base = { chains: w.t.config.chains, log: w.t.app.log };
    workers = [
      { ...base, db: w.t.database.db, queues: new ChainQueues() },
      { ...base, db: other.db, queues: new ChainQueues() },
    ];
  });
  afterAll(async () => {
    await other?.close();
    await w?.stop();
  });

  /**
   * Runs the mint on one worker until it is done, each run one job attempt: a run that throws
   * (an RPC refusal in the race) is retried, as the job queue would.
   */
  const untilDone = async (deps: MintDeps, id: number) => {
    let step: MintStep = { done: false, reason: 'not run yet' };
    for (let run = 0; !step.done && run < 20; run++) {
      step = await runMint(deps, id).catch((err: unknown) => ({ done: false as const, reason: String(err) }));
    }
    return step;
  };

  it('mints each of two collections once when both workers run both mints at the same time', async () => {
    for (let round = 0; round < 3; round++) {
      const owners = [
        await landOwner(w.t, w.chain, `racer${round}a`, { walletIndex: 1 + round * 2 }),
        await landOwner(w.t, w.chain, `racer${round}b`, { walletIndex: 2 + round * 2 }),
      ];
      for (const o of owners) expect((await post(w.t, o.token, '/api/lands/mint', { id: o.collection })).statusCode).toBe(200);
      const ids = await Promise.all(owners.map(async (o) => (await mintRowOf(w.t, o.collection))!.id));

      const steps = await Promise.all(ids.flatMap((id) => workers.map((deps) => untilDone(deps, id))));
      expect(steps).toEqual(steps.map(() => ({ done: true })));

      for (const o of owners) {
        expect(await mintStatus(w.t, o)).toMatchObject({ state: 2 });
        const minted = await mintedTo(w.chain, o.wallet!);
        expect(minted.filter((id) => id === BigInt(o.collection))).toHaveLength(1);
      }
    }
    // The queued jobs find every mint done and mint nothing more.
    await mintsDueNow(w.t);
    await w.t.drainJobs();
  });

  it('two mint requests for one collection at once: one is queued, the other refused', async () => {
    const o = await landOwner(w.t, w.chain, 'twice', { walletIndex: 7 });
    const answers = await Promise.all([0, 1].map(() => post(w.t, o.token, '/api/lands/mint', { id: o.collection })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });

  it('two refreshes at once queue a stalled mint once', async () => {
    const o = await landOwner(w.t, w.chain, 'stalled', { walletIndex: 10 });
    expect((await post(w.t, o.token, '/api/lands/mint', { id: o.collection })).statusCode).toBe(200);
    await w.t.database.db.execute(sql`UPDATE jobs SET failed_at = now() WHERE kind = 'mint.land_collection' AND done_at IS NULL`);
    const answers = await Promise.all([0, 1, 2].map(() => post(w.t, o.token, '/api/minting/refresh/my_assets', {})));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => (a.json() as { requeued: number }).requeued).reduce((a, b) => a + b)).toBe(1);
    await w.t.drainJobs();
    expect((await mintStatus(w.t, o)).state).toBe(2);
  });

  it('a move racing a mint request: the move lands before the freeze or is refused, never a 5xx', async () => {
    for (let round = 0; round < 4; round++) {
      const o = await landOwner(w.t, w.chain, `mover${round}`, { walletIndex: 20 + round });
      const [mint, move] = await Promise.all([
        post(w.t, o.token, '/api/lands/mint', { id: o.collection }),
        post(w.t, o.token, '/api/collections/move_land', { type: 'individual', lands: [o.cells[0]] }),
      ]);
      expect(mint.statusCode, mint.body).toBe(200);
      const [left] = await queryRows<{ n: number }>(w.t.database.db, sql`SELECT count(*)::int AS n FROM land_plots WHERE collection_id = ${o.collection}`);
      if (move.statusCode === 200) expect(left!.n).toBe(1);
      else expect([move.statusCode, left!.n]).toEqual([409, 2]);
    }
  });
});
