import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../db/client.ts';

export type LeaseOptions = { workerId: string; lockSeconds: number; heartbeatSeconds: number };

/**
 * Keeps alive the lease (`locked_until`) of the jobs a worker holds, so the lease can be short:
 * a worker that dies stops renewing, and its jobs are claimable again within `lockSeconds`,
 * while a live worker keeps a job however long its handler runs (a chain call of a minute).
 *
 * The timer runs only while some job is held, and is unref'd: it never keeps a process up.
 * A renewal that fails (the database is away) is logged and tried again at the next beat; if
 * the outage outlasts the lease, another worker may take the job over, which the conditional
 * "done" and "retry" updates in queue.ts already allow for.
 */
export class LeaseKeeper {
  private readonly held = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts: LeaseOptions,
  ) {
    if (!(opts.heartbeatSeconds > 0 && opts.heartbeatSeconds < opts.lockSeconds)) {
      throw new Error(`the lease heartbeat (${opts.heartbeatSeconds} s) must be shorter than the lease (${opts.lockSeconds} s)`);
    }
  }

  /** The jobs just claimed: from now on their lease is renewed until each is let go. */
  hold(ids: number[]): void {
    for (const id of ids) this.held.add(id);
    if (this.held.size === 0 || this.timer) return;
    this.timer = setInterval(() => void this.renew(), this.opts.heartbeatSeconds * 1000);
    this.timer.unref();
  }

  /** The job is finished (done, failed, rescheduled, or we gave up on it): stop renewing it. */
  letGo(id: number): void {
    this.held.delete(id);
    if (this.held.size > 0 || !this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The ids of the jobs held now (claimed and not finished). */
  get heldIds(): number[] {
    return [...this.held];
  }

  /** The heartbeat: one renewal of every held job; never rejects. */
  private renew(): Promise<void> {
    // While a renewal still waits on a slow database, the next beat does not start another.
    this.renewing ??= this.renewHeld().finally(() => (this.renewing = undefined));
    return this.renewing;
  }

  private async renewHeld(): Promise<void> {
    const ids = [...this.held];
    if (ids.length === 0) return;
    const { workerId, lockSeconds } = this.opts;
    try {
      // Only the ids this worker still holds in memory, not every row locked in its name: a job
      // whose "done" update failed (the connection dropped) must lapse and run again, not stay
      // locked for as long as this worker lives. The same statement reports the held jobs that
      // someone else took over (the lease lapsed during a long outage).
      const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
      const lost = await queryRows<{ id: string | number }>(
        this.db,
        sql`WITH renewed AS (
              UPDATE jobs SET locked_until = now() + make_interval(secs => ${lockSeconds})
              WHERE id IN (${list}) AND locked_by = ${workerId} AND done_at IS NULL AND failed_at IS NULL
              RETURNING id)
            SELECT id FROM jobs WHERE id IN (${list}) AND locked_by IS DISTINCT FROM ${workerId}`,
      );
      for (const { id } of lost) {
        this.log.warn({ jobId: Number(id) }, 'job lease lost to another worker; this run can no longer mark it done');
        this.letGo(Number(id));
      }
    } catch (err) {
      this.log.error({ err, jobs: ids }, 'job lease renewal failed; trying again at the next heartbeat');
    }
  }
}
