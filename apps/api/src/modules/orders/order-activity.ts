import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { activityOrder, olderThan, type ActivityEntry, type ActivityPage } from '../../lib/activity/index.ts';
import { iso } from '../../lib/money.ts';

/**
 * The orders area's entries in the player's history (decision 0042): a purchase when an order
 * was paid, and a refund when a paid order was refunded. Unpaid, lapsed and cancelled orders
 * moved no money and stay on My Orders only.
 */

type Row = { id: string | number; code: string; at: Date | string; total: string; first_line: string | null; lines: string | number };

const LINES = sql`(SELECT l.name FROM order_lines l WHERE l.order_id = o.id ORDER BY l.id LIMIT 1) AS first_line,
                  (SELECT count(*) FROM order_lines l WHERE l.order_id = o.id) AS lines`;

const whatWasBought = (r: Row): string => {
  const more = Number(r.lines) - 1;
  const first = r.first_line ?? 'an order';
  return more > 0 ? `${first} and ${more} more item${more === 1 ? '' : 's'}` : first;
};

const entry = (r: Row, kind: 'purchase' | 'refund'): ActivityEntry => ({
  kind,
  id: Number(r.id),
  at: new Date(iso(r.at)),
  title: kind === 'purchase' ? `You bought ${whatWasBought(r)}` : `Your order ${r.code} was refunded`,
  detail: kind === 'purchase' ? `Order ${r.code}` : whatWasBought(r),
  direction: kind === 'purchase' ? 'out' : 'in',
  usdMicro: BigInt(r.total),
  dnc: null,
  link: '/my/orders',
});

/** Orders the player paid (including those refunded since), by the time they were paid. */
export async function purchasesActivity(db: DbOrTx, userId: string, page: ActivityPage): Promise<ActivityEntry[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT o.id, o.code, o.paid_at AS at, o.total_micro::text AS total, ${LINES}
        FROM orders o
        WHERE o.user_id = ${userId} AND o.paid_at IS NOT NULL AND ${olderThan('purchase', sql`o.paid_at`, sql`o.id`, page.before)}
        ORDER BY ${activityOrder(sql`o.paid_at`, sql`o.id`)} LIMIT ${page.limit}`,
  );
  return rows.map((r) => entry(r, 'purchase'));
}

/** Refunded orders, by the time of the refund (its event, or the order's last change when none was logged). */
export async function refundsActivity(db: DbOrTx, userId: string, page: ActivityPage): Promise<ActivityEntry[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT r.* FROM (
          SELECT o.id, o.code, o.total_micro::text AS total, ${LINES},
                 coalesce((SELECT min(e.created_at) FROM order_events e WHERE e.order_id = o.id AND e.to_status = 'refunded'), o.updated_at) AS at
          FROM orders o WHERE o.user_id = ${userId} AND o.status = 'refunded') r
        WHERE ${olderThan('refund', sql`r.at`, sql`r.id`, page.before)}
        ORDER BY ${activityOrder(sql`r.at`, sql`r.id`)} LIMIT ${page.limit}`,
  );
  return rows.map((r) => entry(r, 'refund'));
}
