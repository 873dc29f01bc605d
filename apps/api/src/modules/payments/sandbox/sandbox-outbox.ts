import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Db } from '../../../db/client.ts';
import { enqueueJob } from '../../../jobs/queue.ts';
import { sandboxEvent, type SandboxEventType } from './sandbox-events.ts';
import { closeSession, type SandboxSession } from './sandbox-sessions.ts';

/**
 * The sandbox's outbox of webhook deliveries is the job queue (docs/decisions/0030): closing a
 * session queues one `sandbox.stripe_webhook` job in the same transaction, holding the event's
 * bytes; the job (sandbox-webhook-job.ts) delivers them until our webhook takes them.
 */
export const SANDBOX_WEBHOOK_JOB = 'sandbox.stripe_webhook';

/** What a delivery job holds: the event as built when its session closed, not yet signed. */
export const SandboxWebhookJobSchema = z.object({ sessionId: z.string().min(1), event: z.string().min(2) });
export type SandboxWebhookJob = z.infer<typeof SandboxWebhookJobSchema>;

/**
 * Stripe retries an undelivered event for up to three days. The queue's backoff (5 s doubling,
 * capped at an hour) reaches the cap after about 1.4 hours; 80 attempts is about three days.
 */
const DELIVERY_ATTEMPTS = 80;

const EVENT_OF: Record<'complete' | 'expired', SandboxEventType> = {
  complete: 'checkout.session.completed',
  expired: 'checkout.session.expired',
};

/** A session closes once, so one event, one job: the key names the session. */
const jobKey = (sessionId: string) => `${SANDBOX_WEBHOOK_JOB}:${sessionId}`;

/**
 * Closes the session and queues its event in one transaction: after a crash either both
 * happened (the worker delivers the event) or neither (the session is still open and payable).
 * Null when the session was not open (another click won, or it lapsed).
 */
export function closeAndQueueEvent(db: Db, id: string, to: 'complete' | 'expired'): Promise<SandboxSession | null> {
  return db.transaction(async (tx) => {
    const closed = await closeSession(tx, id, to);
    if (!closed) return null;
    const job: SandboxWebhookJob = { sessionId: closed.id, event: sandboxEvent(closed, EVENT_OF[to]) };
    await enqueueJob(tx, SANDBOX_WEBHOOK_JOB, job, { dedupeKey: jobKey(closed.id), maxAttempts: DELIVERY_ATTEMPTS });
    return closed;
  });
}

/**
 * delivered: the webhook took the event. pending: no attempt has finished yet (none claimed
 * it, or one is running). retrying: an attempt failed and the next one is later.
 */
export type DeliveryState = 'delivered' | 'pending' | 'retrying';

/** Read-only look at the session's delivery job; the queue alone writes it. */
export async function deliveryState(db: Db, sessionId: string): Promise<DeliveryState> {
  const [row] = await queryRows<{ done: boolean; tried: boolean }>(
    db,
    sql`SELECT done_at IS NOT NULL AS done,
               (failed_at IS NOT NULL OR (attempts > 0 AND locked_until IS NULL)) AS tried
        FROM jobs WHERE dedupe_key = ${jobKey(sessionId)}`,
  );
  if (row?.done) return 'delivered';
  return row?.tried ? 'retrying' : 'pending';
}

/** How long Pay and Abandon wait for the first attempt, as POST …/eth_crypto/verify waits for its job. */
export const DELIVERY_WAIT_MS = 4_000;
const DELIVERY_POLL_MS = 50;

/**
 * Waits until the first delivery attempt has finished, for at most `waitMs`: until the job is
 * done, or has failed once (its retry is seconds away at best, not worth holding the browser).
 */
export async function awaitFirstAttempt(db: Db, sessionId: string, waitMs = DELIVERY_WAIT_MS): Promise<DeliveryState> {
  const until = Date.now() + waitMs;
  for (;;) {
    const state = await deliveryState(db, sessionId);
    if (state !== 'pending' || Date.now() >= until) return state;
    await new Promise((resolve) => setTimeout(resolve, DELIVERY_POLL_MS));
  }
}
