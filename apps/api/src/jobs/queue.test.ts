import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import { openDatabase, queryRows, type Database, type Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { enqueueJob, JobWorker, NotYetError, PermanentJobError, type JobHandler, type JobHandlers, type JobWorkerOptions } from './queue.ts';

const silent = Fastify({ logger: false }).log;

type JobRow = typeof jobs.$inferSelect;

async function jobRow(db: Db, id: number): Promise<JobRow> {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} is gone`);
  return row;
}

/** The id of the newest job of a kind (enqueueJob does not return it). */
async function jobIdOf(db: Db, kind: string): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(db, sql`SELECT id FROM jobs WHERE kind = ${kind} ORDER BY id DESC LIMIT 1`);
  if (!row) throw new Error(`no job of kind ${kind}`);
  return Number(row.id);
}

/** Seconds from the database's now() to the job's run_at (positive: in the future). */
async function secondsUntilDue(db: Db, id: number): Promise<number> {
  const [row] = await queryRows<{ s: string | number }>(db, sql`SELECT extract(epoch FROM run_at - now()) AS s FROM jobs WHERE id = ${id}`);
  return Number(row?.s);
}

/** Pretends time passed: the job is due now. */
const makeDue = (db: Db, id: number) => db.execute(sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE id = ${id}`);

/** Counts calls per job id. */
function counter() {
  const calls = new Map<number, number>();
  const record = (jobId: number) => calls.set(jobId, (calls.get(jobId) ?? 0) + 1);
  return { calls, record, of: (id: number) => calls.get(id) ?? 0 };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('job queue', () => {
  let database: Database;
  let db: Db;
  const worker = (handlers: JobHandlers, opts: JobWorkerOptions = {}) =>
    new JobWorker(db, handlers, silent, { backoffBaseMs: 60_000, ...opts });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await db.delete(jobs);
  });

  it('runs a queued job with its payload once, and marks it done', async () => {
    const seen: unknown[] = [];
    const w = worker({ greet: async (payload) => void seen.push(payload) });
    await enqueueJob(db, 'greet', { name: 'Nova', n: 3 });
    await w.drain();
    expect(seen).toEqual([{ name: 'Nova', n: 3 }]);
    const row = await jobRow(db, await jobIdOf(db, 'greet'));
    expect(row.doneAt).toBeInstanceOf(Date);
    expect(row.failedAt).toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lockedUntil).toBeNull();
    await w.drain();
    expect(seen).toHaveLength(1);
  });

  it('queues a dedupeKey once', async () => {
    const c = counter();
    const w = worker({ once: async (_p, { jobId }) => void c.record(jobId) });
    await enqueueJob(db, 'once', { n: 1 }, { dedupeKey: 'once:1' });
    await enqueueJob(db, 'once', { n: 2 }, { dedupeKey: 'once:1' });
    await enqueueJob(db, 'once', { n: 3 }, { dedupeKey: 'once:2' });
    const rows = await db.select().from(jobs).where(eq(jobs.kind, 'once'));
    expect(rows.map((r) => r.payload).sort((a, b) => (a as { n: number }).n - (b as { n: number }).n)).toEqual([{ n: 1 }, { n: 3 }]);
    await w.drain();
    // Even after the first one is done, its key still holds.
    await enqueueJob(db, 'once', { n: 4 }, { dedupeKey: 'once:1' });
    await w.drain();
    expect([...c.calls.values()]).toEqual([1, 1]);
    expect(await db.select().from(jobs).where(eq(jobs.kind, 'once'))).toHaveLength(2);
  });

  it('retries a failing handler with a growing backoff, keeps the error, and succeeds later', async () => {
    let failuresLeft = 2;
    const c = counter();
    const w = worker({
      flaky: async (_p, { jobId }) => {
        c.record(jobId);
        if (failuresLeft-- > 0) throw new Error(`provider down (${failuresLeft + 1} left)`);
      },
    });
    await enqueueJob(db, 'flaky', {});
    const id = await jobIdOf(db, 'flaky');

    await w.drain();
    let row = await jobRow(db, id);
    expect(c.of(id)).toBe(1);
    expect(row).toMatchObject({ attempts: 1, doneAt: null, failedAt: null, lockedUntil: null, lastError: 'provider down (2 left)' });
    // First retry ≈ 60 s (base) ± 20 % jitter: not due yet, so another drain does not run it.
    const firstDelay = await secondsUntilDue(db, id);
    expect(firstDelay).toBeGreaterThan(40);
    expect(firstDelay).toBeLessThan(80);
    await w.drain();
    expect(c.of(id)).toBe(1);

    await makeDue(db, id);
    await w.drain();
    row = await jobRow(db, id);
    expect(c.of(id)).toBe(2);
    expect(row).toMatchObject({ attempts: 2, doneAt: null, failedAt: null, lastError: 'provider down (1 left)' });
    // The delay doubles: ≈ 120 s ± 20 %.
    const secondDelay = await secondsUntilDue(db, id);
    expect(secondDelay).toBeGreaterThan(90);
    expect(secondDelay).toBeLessThan(150);

    await makeDue(db, id);
    await w.drain();
    row = await jobRow(db, id);
    expect(c.of(id)).toBe(3);
    expect(row.attempts).toBe(3);
    expect(row.doneAt).toBeInstanceOf(Date);
    expect(row.failedAt).toBeNull();
    expect(row.lastError).toBeNull();
  });

  it('marks a job failed after max_attempts and never runs it again', async () => {
    const c = counter();
    const w = worker({
      doomed: async (_p, { jobId }) => {
        c.record(jobId);
        throw new Error('still broken');
      },
    });
    await enqueueJob(db, 'doomed', {}, { maxAttempts: 3 });
    const id = await jobIdOf(db, 'doomed');
    for (let i = 1; i <= 3; i++) {
      await makeDue(db, id);
      await w.drain();
      expect(c.of(id)).toBe(i);
    }
    const row = await jobRow(db, id);
    expect(row.attempts).toBe(3);
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.doneAt).toBeNull();
    expect(row.lastError).toBe('still broken');
    await makeDue(db, id);
    await w.drain();
    expect(c.of(id)).toBe(3);
  });

  it('fails a job at once on PermanentJobError', async () => {
    const c = counter();
    const w = worker({
      bad: async (_p, { jobId }) => {
        c.record(jobId);
        throw new PermanentJobError('payload makes no sense');
      },
    });
    await enqueueJob(db, 'bad', {});
    const id = await jobIdOf(db, 'bad');
    await w.drain();
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ attempts: 1, doneAt: null, lastError: 'payload makes no sense' });
    expect(row.maxAttempts).toBeGreaterThan(1);
    expect(row.failedAt).toBeInstanceOf(Date);
    await makeDue(db, id);
    await w.drain();
    expect(c.of(id)).toBe(1);
  });

  it('runs a job that is not due yet again after the delay it asks for, not the failure backoff', async () => {
    const c = counter();
    const w = worker({
      waiting: async (_p, { jobId }) => {
        c.record(jobId);
        throw new NotYetError('transfer not confirmed yet', 2_000);
      },
    });
    await enqueueJob(db, 'waiting', {}, { maxAttempts: 2 });
    const id = await jobIdOf(db, 'waiting');
    await w.drain();
    // The failure backoff here is a minute; the job asked for 2 s (± the 20 % jitter).
    const due = await secondsUntilDue(db, id);
    expect(due).toBeGreaterThan(1.4);
    expect(due).toBeLessThan(2.5);
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ attempts: 1, doneAt: null, failedAt: null, lastError: 'transfer not confirmed yet' });
    // It still counts: on its last attempt a job that is still waiting fails.
    await makeDue(db, id);
    await w.drain();
    expect(c.of(id)).toBe(2);
    expect((await jobRow(db, id)).failedAt).toBeInstanceOf(Date);
  });

  it('fails a job of an unknown kind at once', async () => {
    const w = worker({});
    await enqueueJob(db, 'no-such-kind', {});
    const id = await jobIdOf(db, 'no-such-kind');
    await w.drain();
    const row = await jobRow(db, id);
    expect(row.attempts).toBe(1);
    expect(row.failedAt).toBeInstanceOf(Date);
    expect(row.doneAt).toBeNull();
    expect(row.lastError).toContain('no-such-kind');
  });

  it('does not run a job before its run_at', async () => {
    const c = counter();
    const w = worker({ later: async (_p, { jobId }) => void c.record(jobId) });
    await enqueueJob(db, 'later', {}, { runAt: new Date(Date.now() + 3_600_000) });
    const id = await jobIdOf(db, 'later');
    await w.drain();
    expect(c.of(id)).toBe(0);
    await makeDue(db, id);
    await w.drain();
    expect(c.of(id)).toBe(1);
  });

  it('claims again a job whose worker died, once its lock lapsed, and finishes it once', async () => {
    const c = counter();
    const w = worker({ orphan: async (_p, { jobId }) => void c.record(jobId) }, { workerId: 'survivor' });
    await enqueueJob(db, 'orphan', {});
    const id = await jobIdOf(db, 'orphan');
    // A worker claimed it and died: locked, attempt counted, never done.
    await db.execute(sql`UPDATE jobs SET locked_by = 'dead-worker', attempts = 1, locked_until = now() + interval '1 hour' WHERE id = ${id}`);
    await w.drain();
    expect(c.of(id)).toBe(0);

    await db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = ${id}`);
    await w.drain();
    await w.drain();
    expect(c.of(id)).toBe(1);
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ attempts: 2, lockedBy: 'survivor', lockedUntil: null, failedAt: null });
    expect(row.doneAt).toBeInstanceOf(Date);
  });

  it('a worker whose lock lapsed cannot mark done or release a job another worker now holds', async () => {
    const slowGate = deferred();
    const nextGate = deferred();
    const started: string[] = [];
    const handler = (name: string, gate: Promise<void>): JobHandler => async () => {
      started.push(name);
      await gate;
    };
    const slow = worker({ slow: handler('slow', slowGate.promise) }, { workerId: 'slow', backoffBaseMs: 1 });
    const next = worker({ slow: handler('next', nextGate.promise) }, { workerId: 'next', backoffBaseMs: 1 });
    const third = worker({ slow: handler('third', Promise.resolve()) }, { workerId: 'third', backoffBaseMs: 1 });
    await enqueueJob(db, 'slow', {});
    const id = await jobIdOf(db, 'slow');

    const slowRun = slow.runOnce();
    await expect.poll(() => started, { timeout: 60_000 }).toEqual(['slow']);
    // The slow worker outlives its lock; another worker takes the job over.
    await db.execute(sql`UPDATE jobs SET locked_until = now() - interval '1 second' WHERE id = ${id}`);
    const nextRun = next.runOnce();
    await expect.poll(() => started, { timeout: 60_000 }).toEqual(['slow', 'next']);

    // The slow one fails: the job stays with "next" (not released for a third run).
    slowGate.reject(new Error('timed out'));
    await slowRun;
    expect(await third.runOnce()).toBe(0);
    let row = await jobRow(db, id);
    expect(row.lockedBy).toBe('next');
    expect(row.lockedUntil).not.toBeNull();

    nextGate.resolve();
    await nextRun;
    row = await jobRow(db, id);
    expect(row.doneAt).toBeInstanceOf(Date);
    expect(row.failedAt).toBeNull();
    await third.drain();
    expect(started).toEqual(['slow', 'next']);
  });
});

describe('job queue on PostgreSQL', () => {
  let database: Database & { url?: string };
  let second: Database;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    if (!database.url) throw new Error('expected a PostgreSQL database');
    // A second pool, as a second process would have.
    second = await openDatabase({ url: database.url });
  });
  afterAll(async () => {
    await second?.close();
    await database?.close();
  });

  it('two workers draining 50 jobs at once run each job exactly once', async () => {
    const c = counter();
    const handler: JobHandler = async (_p, { jobId, db }) => {
      c.record(jobId);
      // Yield on the database, so both workers are claiming while jobs run.
      await db.execute(sql`SELECT pg_sleep(0.005)`);
    };
    const a = new JobWorker(database.db, { work: handler }, silent, { workerId: 'a', batchSize: 3 });
    const b = new JobWorker(second.db, { work: handler }, silent, { workerId: 'b', batchSize: 3 });
    for (let i = 0; i < 50; i++) await enqueueJob(database.db, 'work', { i });

    await Promise.all([a.drain(), b.drain()]);

    const rows = await database.db.select().from(jobs);
    expect(rows).toHaveLength(50);
    for (const row of rows) {
      expect(c.of(Number(row.id)), `job ${row.id}`).toBe(1);
      expect(row.doneAt).toBeInstanceOf(Date);
      expect(row.attempts).toBe(1);
    }
    expect([...c.calls.values()].reduce((s, n) => s + n, 0)).toBe(50);
    expect(new Set(rows.map((r) => r.lockedBy))).toEqual(new Set(['a', 'b']));
  });
});
