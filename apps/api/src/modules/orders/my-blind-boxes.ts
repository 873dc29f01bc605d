import { blindBoxImagePath, type BoxLineState, type MyBlindBox, type OrderStatus } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { iso, microToUsd } from '../../lib/money.ts';
import { openingsByOrderLine, openingsByRedemption } from '../fairness/index.ts';

/**
 * The orders whose boxes a player counts as theirs: bought (paid, fulfilled, refunded) or being
 * bought (pending). An order that expired, failed or was cancelled never held a box for them.
 */
const HOLDING_STATUSES = ['pending', 'paid', 'fulfilled', 'refunded'] as const satisfies readonly OrderStatus[];
const holding = sql.join(
  HOLDING_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/** One entry of the list: an order's blind-box line, or the boxes one redemption of a code opened. */
type BoxEntryRow = {
  source: 'order' | 'redeem';
  /** the order line's id, or the redemption's */
  entry_id: number;
  order_code: string | null;
  order_status: OrderStatus | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  box_code: string;
  name: string;
  quantity: number;
  unit_sell_price_micro: string | null;
};

function stateOf(row: BoxEntryRow, opened: number): BoxLineState {
  if (row.order_status === 'pending') return 'awaiting_payment';
  if (row.order_status === 'refunded') return 'refunded';
  return opened >= row.quantity ? 'opened' : 'opening';
}

/**
 * GET /api/my/blindboxes: the player's blind-box lines and the boxes redeem codes gave them,
 * newest first, each with its openings. A code's boxes are read from their openings (fairness
 * records them against the redemption, all opened in the redeeming transaction), so the entry
 * is there exactly when the boxes are.
 */
export async function myBlindBoxes(
  db: Db,
  userId: string,
  page: number,
  limit: number,
): Promise<{ boxes: MyBlindBox[]; total: number; page: number; limit: number }> {
  const entries = sql`
    SELECT 'order' AS source, l.id::int AS entry_id, o.code AS order_code, o.status AS order_status, o.created_at, o.paid_at,
           l.blind_box_code AS box_code, l.name, l.quantity, l.unit_sell_price_micro::text AS unit_sell_price_micro
    FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE o.user_id = ${userId} AND l.object = 'blindbox' AND o.status IN (${holding})
    UNION ALL
    SELECT 'redeem', bo.redemption_id::int, NULL, NULL, min(bo.opened_at), NULL, bo.box_code, b.name, count(*)::int, NULL
    FROM blind_box_openings bo JOIN blind_boxes b ON b.code = bo.box_code
    WHERE bo.user_id = ${userId} AND bo.redemption_id IS NOT NULL
    GROUP BY bo.redemption_id, bo.box_code, b.name`;
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${entries}) e`);
  const total = Number(count?.n ?? 0);
  if ((page - 1) * limit >= total) return { boxes: [], total, page, limit };
  const rows = await queryRows<BoxEntryRow>(
    db,
    sql`SELECT * FROM (${entries}) e ORDER BY e.created_at DESC, e.source, e.entry_id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
  );
  const idsOf = (source: BoxEntryRow['source']) => rows.filter((r) => r.source === source).map((r) => Number(r.entry_id));
  const byLine = await openingsByOrderLine(db, idsOf('order'));
  const byRedemption = await openingsByRedemption(db, idsOf('redeem'));
  const boxes = rows.map((row): MyBlindBox => {
    const drawn = (row.source === 'order' ? byLine : byRedemption).get(Number(row.entry_id)) ?? [];
    return {
      entry: `${row.source === 'order' ? 'line' : 'redemption'}-${row.entry_id}`,
      source: row.source,
      order: row.order_code,
      order_status: row.order_status,
      state: stateOf(row, drawn.length),
      bought_at: iso(row.created_at),
      paid_at: row.paid_at ? iso(row.paid_at) : null,
      box: { code: row.box_code, name: row.name, image: blindBoxImagePath() },
      total: Number(row.quantity),
      sell_price: row.unit_sell_price_micro === null ? null : microToUsd(row.unit_sell_price_micro),
      sell_price_micro: row.unit_sell_price_micro,
      openings: drawn,
    };
  });
  return { boxes, total, page, limit };
}
