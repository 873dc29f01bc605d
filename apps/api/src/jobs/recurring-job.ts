import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { enqueueJob, type JobContext } from './queue.ts';

/**
 * Recurring jobs on the one-off queue. A recurring job is one pending row under a fixed dedupe
 * key: starting it (every process may, at every start) queues nothing while that row exists,
 * and each run hands the key on to its successor before it ends. So however many processes
 * start it, one run per key is ever due, and a crash mid-run leaves either this run to retry or
 * its successor already queued, never both missing.
 */

/** Queues the first run of a recurring job unless one is pending under `key` already. */
export function startRecurringJob(db: DbOrTx, kind: string, payload: unknown, key: string, maxAttempts: number): Promise<void> {
  return enqueueJob(db, kind, payload, { dedupeKey: key, maxAttempts });
}

/**
 * Passes `key` from the running job to its next run at `runAt`, and deletes the finished
 * earlier runs of the same job, so the jobs table keeps one finished row per recurring job.
 */
export async function queueNextRun(
  db: DbOrTx,
  ctx: Pick<JobContext, 'jobId'>,
  job: { kind: string; payload: unknown; key: string; runAt: Date; maxAttempts: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(jobs).set({ dedupeKey: null }).where(and(eq(jobs.id, ctx.jobId), eq(jobs.dedupeKey, job.key)));
    await tx
      .delete(jobs)
      .where(
        and(
          eq(jobs.kind, job.kind),
          isNotNull(jobs.doneAt),
          ne(jobs.id, ctx.jobId),
          sql`${jobs.dedupeKey} IS NULL AND ${jobs.payload} = ${JSON.stringify(job.payload)}::jsonb`,
        ),
      );
    await enqueueJob(tx, job.kind, job.payload, { dedupeKey: job.key, runAt: job.runAt, maxAttempts: job.maxAttempts });
  });
}
