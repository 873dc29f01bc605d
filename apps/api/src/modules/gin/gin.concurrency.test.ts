import type { GinConversionResponse } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../../db/client.ts';
import { burnQuote, dncRowsOf, ginPlayer, ginQuote, startGinWorld, verifyGin, type GinPlayer, type GinWorld } from './gin.fixtures.ts';
import { verifyGinConversion } from './gin-verification.ts';

/**
 * Races on real PostgreSQL (PGlite runs one transaction at a time): verifies of one conversion
 * at once, from the API and from a second pool as a second worker would, and two conversions
 * naming one transfer at once. Whatever the interleaving, the DNC is credited exactly once.
 */
describe('on PostgreSQL: Gin to DNC races', () => {
  let w: GinWorld;
  let other: Database;
  let ann: GinPlayer;
  let bob: GinPlayer;
  beforeAll(async () => {
    w = await startGinWorld({ postgres: true, worker: false });
    other = await openDatabase({ url: (w.t.database as Database & { url?: string }).url!, onConnectionError: () => {} });
    ann = await ginPlayer(w, 'gin_race_ann', 1);
    bob = await ginPlayer(w, 'gin_race_bob', 2);
  });
  afterAll(async () => {
    await other?.close();
    await w?.stop();
  });

  const log = Fastify({ logger: false }).log;
  const ginCredits = async (p: GinPlayer) => (await dncRowsOf(w.t.database.db, p.userId)).filter((r) => r.gin_conversion_id !== null);

  it('eight verifies of one tid at once, and a second worker beside them: one credit', async () => {
    const q = await ginQuote(w.t, ann.token, 3);
    const txh = await burnQuote(w.chain, ann, q);
    const [{ id }] = (await queryRows<{ id: number }>(w.t.database.db, sql`SELECT id::int AS id FROM gin_conversions WHERE tid = ${q.tid}`)) as [{ id: number }];
    const worker = { db: other.db, chains: w.t.config.chains, log };
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => verifyGin(w, ann.token, { tid: q.tid, txh })),
      ...Array.from({ length: 3 }, () => verifyGinConversion(worker, id, { lastTry: false, txHash: txh.toLowerCase() })),
    ]);
    for (const res of answers.slice(0, 8) as Awaited<ReturnType<typeof verifyGin>>[]) {
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as GinConversionResponse).conversion.status).toBe('credited');
    }
    const credits = await ginCredits(ann);
    expect(credits).toEqual([{ amount: 15, gin_conversion_id: id }]);
  });

  it('two quotes naming one transfer, verified at once: one credited, the other failed', async () => {
    const q1 = await ginQuote(w.t, bob.token, 2);
    const q2 = await ginQuote(w.t, bob.token, 2);
    const txh = await burnQuote(w.chain, bob, q1);
    const answers = await Promise.all([q1, q2, q1, q2].map((q) => verifyGin(w, bob.token, { tid: q.tid, txh })));
    const statuses = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as GinConversionResponse).conversion.status;
    });
    expect(statuses.filter((s) => s === 'credited')).toHaveLength(2); // q1 or q2, each reported twice
    expect(statuses.filter((s) => s === 'failed')).toHaveLength(2);
    expect(await ginCredits(bob)).toHaveLength(1);
    const [claims] = await queryRows<{ n: number }>(
      w.t.database.db,
      sql`SELECT count(*)::int AS n FROM chain_transfers WHERE tx_hash = ${txh.toLowerCase()}`,
    );
    expect(claims!.n).toBe(1);
  });
});
