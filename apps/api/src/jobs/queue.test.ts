import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

/** A logger whose lines the test reads. */
function captureLog() {
  const lines: string[] = [];
  const log = Fastify({ logger: { level: 'debug', stream: { write: (line: string) => void lines.push(line) } } }).log;
  return { log, text: () => lines.join('') };
}

/**
 * A worker's own line to the database, which the test can cut: from the queue's side a worker
 * whose every statement fails looks like a crashed process (kill -9) or a dropped connection.
 */
function severableLine(db: Db) {
  let cut = false;
  const line = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute') return Reflect.get(target, prop, receiver);
      return (query: Parameters<Db['execute']>[0]) =>
        cut ? Promise.reject(new Error('Connection terminated unexpectedly')) : target.execute(query);
    },
  });
  return { db: line, cut: () => void (cut = true), heal: () => void (cut = false) };
}

/** The job's lease end, in ms since the epoch (null when it is not locked). */
async function leaseEnd(db: Db, id: number): Promise<number | null> {
  return (await jobRow(db, id)).lockedUntil?.getTime() ?? null;
}

/** Whether the database's clock has passed a moment (the lease is judged by that clock). */
async function databasePassed(db: Db, ms: number): Promise<boolean> {
  const [row] = await queryRows<{ passed: boolean }>(db, sql`SELECT now() > to_timestamp(${ms / 1000}) AS passed`);
  return row?.passed === true;
}

describe('job queue', () => {
  let database: Database;
  let db: Db;
  const workers: JobWorker[] = [];
  const track = (w: JobWorker) => {
    workers.push(w);
    return w;
  };
  const worker = (handlers: JobHandlers, opts: JobWorkerOptions = {}) =>
    track(new JobWorker(db, handlers, silent, { backoffBaseMs: 60_000, ...opts }));

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await db.delete(jobs);
  });
  // A failed test must not leave a worker polling into the next one. Not awaited: a worker whose
  // handler the test left hanging would never finish its stop.
  afterEach(() => {
    for (const w of workers.splice(0)) void w.stop();
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
    // Leases that no heartbeat renews during the test: the test itself makes the slow one lapse.
    const lease = { lockSeconds: 3600, heartbeatSeconds: 1800, backoffBaseMs: 1 };
    const slow = worker({ slow: handler('slow', slowGate.promise) }, { workerId: 'slow', ...lease });
    const next = worker({ slow: handler('next', nextGate.promise) }, { workerId: 'next', ...lease });
    const third = worker({ slow: handler('third', Promise.resolve()) }, { workerId: 'third', ...lease });
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

  it("leases a claimed job for a short while by default, so a crashed worker's jobs come back within seconds", async () => {
    const gate = deferred();
    let started = false;
    const w = worker({
      held: async () => {
        started = true;
        await gate.promise;
      },
    });
    await enqueueJob(db, 'held', {});
    const id = await jobIdOf(db, 'held');
    const run = w.runOnce();
    await expect.poll(() => started).toBe(true);
    const [row] = await queryRows<{ s: string | number }>(
      db,
      sql`SELECT extract(epoch FROM locked_until - now()) AS s FROM jobs WHERE id = ${id}`,
    );
    // 15 s, renewed every 5 s while the worker lives (it was 60 s, with no renewal).
    expect(Number(row?.s)).toBeGreaterThan(5);
    expect(Number(row?.s)).toBeLessThanOrEqual(15);
    gate.resolve();
    await run;
    expect((await jobRow(db, id)).doneAt).toBeInstanceOf(Date);
  });

  it('a worker that dies holding a job stops renewing its lease, and another worker runs the job once the lease lapses', async () => {
    const logs = captureLog();
    const line = severableLine(db);
    const never = deferred();
    let dyingStarted = false;
    const dying = track(
      new JobWorker(
        line.db,
        {
          hold: async () => {
            dyingStarted = true;
            await never.promise;
          },
        },
        logs.log,
        { workerId: 'dying', lockSeconds: 1, heartbeatSeconds: 0.2 },
      ),
    );
    const c = counter();
    const survivor = worker(
      { hold: async (_p, { jobId }) => void c.record(jobId) },
      { workerId: 'survivor', pollMs: 20 },
    );
    await enqueueJob(db, 'hold', {});
    const id = await jobIdOf(db, 'hold');

    const dyingRun = dying.runOnce();
    await expect.poll(() => dyingStarted).toBe(true);
    // Alive, it renews its lease.
    const claimed = await leaseEnd(db, id);
    await expect.poll(() => leaseEnd(db, id)).toBeGreaterThan(claimed!);

    // It "dies" mid-handler: nothing renews or releases the job from now on.
    line.cut();
    survivor.start();
    await expect.poll(() => c.of(id)).toBe(1);
    await survivor.stop();
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ lockedBy: 'survivor', attempts: 2, failedAt: null });
    expect(row.doneAt).toBeInstanceOf(Date);
    // The failing heartbeat was logged, not thrown (an unhandled rejection would fail this file).
    expect(logs.text()).toContain('job lease renewal failed');

    never.resolve();
    await dyingRun;
    expect(await jobRow(db, id)).toMatchObject({ lockedBy: 'survivor', doneAt: row.doneAt });
  });

  it('a live worker keeps a job that runs longer than its lease: its heartbeat renews it while another worker polls', async () => {
    const lease = { lockSeconds: 3, heartbeatSeconds: 0.5, pollMs: 20 };
    const c = counter();
    const gate = deferred();
    const slow = worker(
      {
        long: async (_p, { jobId }) => {
          c.record(jobId);
          await gate.promise;
        },
      },
      { workerId: 'slow', ...lease },
    );
    const rival = worker({ long: async (_p, { jobId }) => void c.record(jobId) }, { workerId: 'rival', ...lease });
    await enqueueJob(db, 'long', {});
    const id = await jobIdOf(db, 'long');

    const slowRun = slow.runOnce();
    await expect.poll(() => c.of(id)).toBe(1);
    rival.start();
    // The handler goes on until the job has outlived the lease it was claimed with (on the
    // database's clock) and the test has seen its lease end move at least twice.
    const firstLease = (await leaseEnd(db, id))!;
    const leases = new Set([firstLease]);
    await expect
      .poll(async () => {
        const end = await leaseEnd(db, id);
        if (end !== null) leases.add(end);
        return leases.size >= 3 && (await databasePassed(db, firstLease));
      })
      .toBe(true);
    gate.resolve();
    await slowRun;
    await rival.stop();

    expect(c.of(id)).toBe(1);
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ lockedBy: 'slow', attempts: 1, lockedUntil: null, failedAt: null });
    expect(row.doneAt).toBeInstanceOf(Date);
  });

  it('a started worker keeps polling through database errors; a run whose "done" was lost runs again, not held forever', async () => {
    const logs = captureLog();
    const line = severableLine(db);
    const c = counter();
    const w = track(
      new JobWorker(
        line.db,
        {
          // The connection drops right after the first run's work, before it is marked done.
          note: async (_p, { jobId }) => {
            c.record(jobId);
            if (c.of(jobId) === 1) line.cut();
          },
        },
        logs.log,
        { workerId: 'flaky', pollMs: 20, lockSeconds: 1, heartbeatSeconds: 0.25, backoffBaseMs: 60_000 },
      ),
    );
    await enqueueJob(db, 'note', {});
    const id = await jobIdOf(db, 'note');
    w.start();
    await expect.poll(() => c.of(id)).toBe(1);
    // Claims keep failing, and keep being tried.
    await expect.poll(() => logs.text().split('job worker poll failed').length - 1).toBeGreaterThanOrEqual(3);

    line.heal();
    await expect.poll(async () => (await jobRow(db, id)).doneAt).toBeInstanceOf(Date);
    await w.stop();
    expect(c.of(id)).toBe(2);
    expect(await jobRow(db, id)).toMatchObject({ attempts: 2, lockedBy: 'flaky', failedAt: null, lastError: null });
    // The first run did its work: the log says its outcome was lost, not that it failed.
    expect(logs.text()).toContain('job outcome not recorded');
    expect(logs.text()).not.toContain('job failed');
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
