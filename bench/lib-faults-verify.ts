// What the fault suite (bench/faults.ts) checks in the database once the faults are over and
// the cluster has caught up: every payment landed once, every paid order was delivered once,
// nothing was granted twice, and the stock adds up to the last copy.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/api/src/db/client.ts';
import { STOCK_PER_LINE } from './lib-faults-seed.ts';

export type Check = { name: string; ok: boolean; detail: string };

const one = async <T>(db: Db, q: ReturnType<typeof sql>): Promise<T> => (await queryRows<T>(db, q))[0]!;

/** What is still moving: paid orders not yet fulfilled, payments not yet delivered, jobs due now. */
export async function backlog(db: Db): Promise<{ paid: number; undelivered: number; dueJobs: number }> {
  return one(
    db,
    sql`SELECT (SELECT count(*)::int FROM orders WHERE status = 'paid') AS paid,
               (SELECT count(*)::int FROM sandbox_checkout_sessions s JOIN orders o ON o.id = s.order_id
                 WHERE s.status = 'complete' AND o.status = 'pending') AS undelivered,
               (SELECT count(*)::int FROM jobs WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= now()) AS "dueJobs"`,
  );
}

/** Waits (bounded) until nothing is moving; returns the seconds it took, or null if it never settled. */
export async function settle(db: Db, limitMs = 180_000): Promise<number | null> {
  const began = Date.now();
  while (Date.now() - began < limitMs) {
    const b = await backlog(db).catch(() => null);
    if (b && b.paid === 0 && b.undelivered === 0 && b.dueJobs === 0) return (Date.now() - began) / 1000;
    await new Promise((r) => setTimeout(r, 250));
  }
  return null;
}

/**
 * Orders left pending without a payment session (their start was cut off by a fault): each must
 * have its unattached-session job queued. The job is then made due now rather than in five
 * minutes, and the suite waits for the worker to give their stock back.
 */
export async function releaseCutOffStarts(db: Db): Promise<{ cutOff: number; withoutJob: number }> {
  const rows = await queryRows<{ id: number; queued: boolean }>(
    db,
    sql`SELECT o.id, EXISTS (SELECT 1 FROM jobs j WHERE j.dedupe_key = 'order.unattached:' || o.id
                             AND j.done_at IS NULL AND j.failed_at IS NULL) AS queued
        FROM orders o WHERE o.status = 'pending' AND o.provider_session_id IS NULL`,
  );
  await db.execute(
    sql`UPDATE jobs SET run_at = now() WHERE kind = 'order.unattached' AND done_at IS NULL AND failed_at IS NULL
          AND payload->>'orderId' IN (SELECT id::text FROM orders WHERE status = 'pending' AND provider_session_id IS NULL)`,
  );
  return { cutOff: rows.length, withoutJob: rows.filter((r) => !r.queued).length };
}

export async function checkInvariants(db: Db): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const byStatus = Object.fromEntries(
    (await queryRows<{ status: string; n: number }>(db, sql`SELECT status, count(*)::int AS n FROM orders GROUP BY status`)).map(
      (r) => [r.status, r.n],
    ),
  );
  check('no order left paid and undelivered', (byStatus.paid ?? 0) === 0, `orders by status: ${JSON.stringify(byStatus)}`);

  const sessions = await one<{ complete_not_fulfilled: number; paid_twice: number; fulfilled_without_payment: number }>(
    db,
    sql`SELECT
          count(*) FILTER (WHERE s.status = 'complete' AND o.status <> 'fulfilled')::int AS complete_not_fulfilled,
          (SELECT count(*)::int FROM (SELECT order_id FROM order_events WHERE to_status = 'paid'
                                      GROUP BY order_id HAVING count(*) > 1) t) AS paid_twice,
          (SELECT count(*)::int FROM orders o2 WHERE o2.status = 'fulfilled' AND NOT EXISTS (
              SELECT 1 FROM sandbox_checkout_sessions s2 WHERE s2.order_id = o2.id AND s2.status = 'complete')) AS fulfilled_without_payment
        FROM sandbox_checkout_sessions s JOIN orders o ON o.id = s.order_id`,
  );
  check('every payment made delivered its order', sessions.complete_not_fulfilled === 0, `${sessions.complete_not_fulfilled} paid sessions whose order is not fulfilled`);
  check('no order paid twice', sessions.paid_twice === 0, `${sessions.paid_twice} orders with two 'paid' moves`);
  check('nothing delivered without a payment', sessions.fulfilled_without_payment === 0, `${sessions.fulfilled_without_payment} fulfilled orders with no paid session`);

  const pending = await one<{ without_session: number; session_not_open: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE o.provider_session_id IS NULL)::int AS without_session,
               count(*) FILTER (WHERE o.provider_session_id IS NOT NULL AND coalesce(s.status, 'none') <> 'open')::int AS session_not_open
        FROM orders o LEFT JOIN sandbox_checkout_sessions s ON s.id = o.provider_session_id WHERE o.status = 'pending'`,
  );
  check(
    'a pending order holds stock only while its checkout can be paid',
    pending.without_session === 0 && pending.session_not_open === 0,
    `${pending.without_session} pending without a session, ${pending.session_not_open} pending with a closed session`,
  );

  const grants = await one<{ short: number; extra: number; granted: number }>(
    db,
    sql`WITH per_line AS (
          SELECT l.id, l.quantity, o.status, (SELECT count(*)::int FROM owned_ships s WHERE s.order_line_id = l.id) AS owned
          FROM order_lines l JOIN orders o ON o.id = l.order_id)
        SELECT count(*) FILTER (WHERE status = 'fulfilled' AND owned < quantity)::int AS short,
               count(*) FILTER (WHERE (status = 'fulfilled' AND owned > quantity) OR (status <> 'fulfilled' AND owned > 0))::int AS extra,
               coalesce(sum(owned), 0)::int AS granted
        FROM per_line`,
  );
  check('every delivered line granted its ships', grants.short === 0, `${grants.short} lines short`);
  check('nothing granted twice or without a delivered order', grants.extra === 0, `${grants.extra} lines over-granted (${grants.granted} ships granted)`);

  const stock = await one<{ bad: number; sold: number; held: number }>(
    db,
    sql`WITH per_line AS (
          SELECT st.id, st.stock,
                 coalesce(sum(r.quantity) FILTER (WHERE r.consumed_at IS NOT NULL), 0)::int AS sold,
                 coalesce(sum(r.quantity) FILTER (WHERE r.consumed_at IS NULL AND r.released_at IS NULL), 0)::int AS held
          FROM shop_stock st LEFT JOIN stock_reservations r ON r.shop_stock_id = st.id
          GROUP BY st.id, st.stock)
        SELECT count(*) FILTER (WHERE stock + sold + held <> ${STOCK_PER_LINE})::int AS bad,
               coalesce(sum(sold), 0)::int AS sold, coalesce(sum(held), 0)::int AS held
        FROM per_line`,
  );
  check('stock adds up on every line (left + held + sold)', stock.bad === 0, `${stock.bad} lines off; ${stock.sold} sold, ${stock.held} held`);

  const held = await one<{ wrong: number }>(
    db,
    sql`SELECT count(*)::int AS wrong FROM stock_reservations r JOIN orders o ON o.id = r.order_id
        WHERE (r.consumed_at IS NULL AND r.released_at IS NULL AND o.status <> 'pending')
           OR (r.consumed_at IS NOT NULL AND o.status NOT IN ('paid', 'fulfilled'))
           OR (r.released_at IS NOT NULL AND o.status IN ('paid', 'fulfilled'))`,
  );
  check('stock is held only by pending orders, sold only to paid ones', held.wrong === 0, `${held.wrong} reservations out of step with their order`);

  const jobs = await one<{ failed: number; review: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM jobs WHERE failed_at IS NOT NULL) AS failed,
               (SELECT count(*)::int FROM orders WHERE needs_review) AS review`,
  );
  check('no job failed for good, no order flagged for review', jobs.failed === 0 && jobs.review === 0, `${jobs.failed} failed jobs, ${jobs.review} orders for review`);
  return checks;
}
