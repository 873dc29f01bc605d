import { hostname } from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db, type DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { LeaseKeeper } from './job-lease.ts';

export type JobContext = { db: Db; jobId: number; attempt: number; log: FastifyBaseLogger };
/** Handlers must be idempotent: a job can run again after a crash between its steps. */
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

export type EnqueueOptions = { dedupeKey?: string; runAt?: Date; maxAttempts?: number };

/** Queues a job in the caller's transaction, so the job exists exactly when the data does. */
export async function enqueueJob(db: DbOrTx, kind: string, payload: unknown, opts: EnqueueOptions = {}): Promise<void> {
  await enqueueJobs(db, [{ kind, payload, opts }]);
}

/** enqueueJob for several jobs in one statement (each dedupe key still skips a job already queued). */
export async function enqueueJobs(
  db: DbOrTx,
  batch: Array<{ kind: string; payload: unknown; opts?: EnqueueOptions }>,
): Promise<void> {
  if (batch.length === 0) return;
  await db
    .insert(jobs)
    .values(
      batch.map(({ kind, payload, opts = {} }) => ({
        kind,
        payload,
        dedupeKey: opts.dedupeKey ?? null,
        runAt: opts.runAt ?? new Date(),
        maxAttempts: opts.maxAttempts ?? 8,
      })),
    )
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

type ClaimedJob = { id: number; kind: string; payload: unknown; attempts: number; max_attempts: number };

export type JobWorkerOptions = {
  pollMs?: number;
  /**
   * Jobs taken per claim; 1 by default. The worker runs its jobs one after another, so a second
   * job claimed with the first would only wait, locked, behind it (a chain call can take a
   * minute), while another worker could run it now; and a claim counts an attempt. Claiming one
   * at a time costs one small UPDATE per job, nothing next to any handler. More than 1 suits
   * bulk runs of quick jobs: the waiting ones are held (and renewed) until their turn.
   */
  batchSize?: number;
  /**
   * The lease: a claimed job is someone else's to retry once this lapses without a renewal
   * (the worker died). 15 s: a crashed worker's jobs are back within seconds, and a renewal may
   * miss twice (a database hiccup, a stalled event loop) before a live worker loses its job.
   */
  lockSeconds?: number;
  /** how often the leases of the jobs the worker holds are renewed; a third of the lease by default */
  heartbeatSeconds?: number;
  /** first retry delay; doubles each attempt, capped at one hour */
  backoffBaseMs?: number;
  workerId?: string;
};

export class JobWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private readonly opts: Required<JobWorkerOptions>;
  private readonly leases: LeaseKeeper;

  constructor(
    private readonly db: Db,
    private readonly handlers: JobHandlers,
    private readonly log: FastifyBaseLogger,
    opts: JobWorkerOptions = {},
  ) {
    const lockSeconds = opts.lockSeconds ?? 15;
    this.opts = {
      pollMs: opts.pollMs ?? 500,
      batchSize: opts.batchSize ?? 1,
      lockSeconds,
      heartbeatSeconds: opts.heartbeatSeconds ?? lockSeconds / 3,
      backoffBaseMs: opts.backoffBaseMs ?? 5_000,
      workerId: opts.workerId ?? `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`,
    };
    this.leases = new LeaseKeeper(db, log, this.opts);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Ask for a poll soon (after a job was queued in this process). */
  wake(): void {
    if (!this.stopped) this.schedule(0);
  }

  /** The jobs this worker holds now (running, or claimed with it and waiting). */
  get heldJobs(): number[] {
    return this.leases.heldIds;
  }

  /** Stops polling and waits for the running job, whose lease is renewed until it ends. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Claims and runs one batch; returns how many jobs ran. Rejects only when the claim fails. */
  async runOnce(): Promise<number> {
    const claimed = await this.claim();
    const ids = claimed.map((job) => Number(job.id));
    this.leases.hold(ids);
    try {
      for (const job of claimed) {
        await this.execute(job);
        this.leases.letGo(Number(job.id));
      }
    } finally {
      // Also when a job threw past execute(): what is not renewed lapses and runs again.
      for (const id of ids) this.leases.letGo(id);
    }
    return claimed.length;
  }

  /** Runs batches until nothing is due (tests, the CLI). */
  async drain(): Promise<void> {
    while ((await this.runOnce()) > 0);
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.running) return this.schedule(this.opts.pollMs);
      this.running = this.loop().finally(() => {
        this.running = undefined;
        if (!this.stopped) this.schedule(this.opts.pollMs);
      });
    }, delay);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    try {
      while (!this.stopped && (await this.runOnce()) > 0);
    } catch (err) {
      this.log.error({ err }, 'job worker poll failed');
    }
  }

  private claim(): Promise<ClaimedJob[]> {
    const { batchSize, lockSeconds, workerId } = this.opts;
    return queryRows<ClaimedJob>(
      this.db,
      sql`UPDATE jobs SET locked_until = now() + make_interval(secs => ${lockSeconds}),
                          locked_by = ${workerId}, attempts = attempts + 1
          WHERE id IN (
            SELECT id FROM jobs
            WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()
              AND (locked_until IS NULL OR locked_until < now())
            ORDER BY run_at, id
            LIMIT ${batchSize}
            FOR UPDATE SKIP LOCKED)
          RETURNING id, kind, payload, attempts, max_attempts`,
    );
  }

  private async execute(job: ClaimedJob): Promise<void> {
    const log = this.log.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
    const handler = this.handlers[job.kind];
    const ours = sql`id = ${job.id} AND locked_by = ${this.opts.workerId}`;
    let outcome: SQL;
    try {
      if (!handler) throw new PermanentJobError(`no handler for job kind "${job.kind}"`);
      await handler(job.payload, { db: this.db, jobId: Number(job.id), attempt: job.attempts, log });
      outcome = sql`UPDATE jobs SET done_at = now(), locked_until = NULL, last_error = NULL WHERE ${ours}`;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const final = err instanceof PermanentJobError || job.attempts >= job.max_attempts;
      const waiting = err instanceof NotYetError && !final;
      if (waiting) log.debug({ reason: message }, 'job waits');
      else log[final ? 'error' : 'warn']({ err }, final ? 'job failed for good' : 'job failed, will retry');
      const delayMs = waiting
        ? err.delayMs
        : Math.min(this.opts.backoffBaseMs * 2 ** (job.attempts - 1), 3_600_000);
      const jittered = Math.round(delayMs * (0.8 + Math.random() * 0.4));
      outcome = final
        ? sql`UPDATE jobs SET failed_at = now(), locked_until = NULL, last_error = ${message} WHERE ${ours}`
        : sql`UPDATE jobs SET run_at = now() + make_interval(secs => ${jittered / 1000}),
                              locked_until = NULL, last_error = ${message}
              WHERE ${ours}`;
    }
    // Only while the job is still ours (`ours`): if our lease lapsed and another worker took the
    // job over, marking or releasing it here would let a third worker run it alongside that one.
    try {
      await this.db.execute(outcome);
    } catch (err) {
      // The database went away between the run and its record. Not rethrown, so it is never an
      // unhandled rejection and the poll loop carries on (its next claim meets the outage). The
      // job stays locked in our name but is no longer renewed: it lapses and runs again, which
      // handlers allow for (they are idempotent).
      log.error({ err }, 'job outcome not recorded; it runs again once its lease lapses');
    }
  }
}

/** Thrown by a handler when retrying cannot help. */
export class PermanentJobError extends Error {}

/**
 * Thrown by a handler that waits on the outside world (a transaction to be mined and
 * confirmed): not a failure, so no warning, and it runs again after `delayMs` instead of the
 * failure backoff. It still counts as an attempt, so max_attempts bounds the wait.
 */
export class NotYetError extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
    this.name = 'NotYetError';
  }
}
