import { blindBoxImagePath, type BoxLineState, type MyBlindBox, type OrderStatus } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { iso, microToUsd } from '../../lib/money.ts';
import { openingsByOrderLine } from '../fairness/index.ts';

/**
 * The orders whose boxes a player counts as theirs: bought (paid, fulfilled, refunded) or being
 * bought (pending). An order that expired, failed or was cancelled never held a box for them.
 */
const HOLDING_STATUSES = ['pending', 'paid', 'fulfilled', 'refunded'] as const satisfies readonly OrderStatus[];
const holding = sql.join(
  HOLDING_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

type BoxLineRow = {
  line_id: number;
  order_code: string;
  order_status: OrderStatus;
  created_at: Date | string;
  paid_at: Date | string | null;
  box_code: string;
  name: string;
  quantity: number;
  unit_sell_price_micro: string;
};

function stateOf(row: BoxLineRow, opened: number): BoxLineState {
  if (row.order_status === 'pending') return 'awaiting_payment';
  if (row.order_status === 'refunded') return 'refunded';
  return opened >= row.quantity ? 'opened' : 'opening';
}

/** GET /api/my/blindboxes: the player's blind-box lines, newest order first, each with its openings. */
export async function myBlindBoxes(
  db: Db,
  userId: string,
  page: number,
  limit: number,
): Promise<{ boxes: MyBlindBox[]; total: number; page: number; limit: number }> {
  const from = sql`FROM order_lines l JOIN orders o ON o.id = l.order_id
    WHERE o.user_id = ${userId} AND l.object = 'blindbox' AND o.status IN (${holding})`;
  const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`);
  const total = Number(count?.n ?? 0);
  if ((page - 1) * limit >= total) return { boxes: [], total, page, limit };
  const rows = await queryRows<BoxLineRow>(
    db,
    sql`SELECT l.id::int AS line_id, o.code AS order_code, o.status AS order_status, o.created_at, o.paid_at,
          l.blind_box_code AS box_code, l.name, l.quantity, l.unit_sell_price_micro::text AS unit_sell_price_micro
        ${from}
        ORDER BY o.created_at DESC, l.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
  );
  const openings = await openingsByOrderLine(
    db,
    rows.map((r) => r.line_id),
  );
  const boxes = rows.map((row): MyBlindBox => {
    const drawn = openings.get(row.line_id) ?? [];
    return {
      order: row.order_code,
      order_status: row.order_status,
      state: stateOf(row, drawn.length),
      bought_at: iso(row.created_at),
      paid_at: row.paid_at ? iso(row.paid_at) : null,
      box: { code: row.box_code, name: row.name, image: blindBoxImagePath() },
      total: row.quantity,
      sell_price: microToUsd(row.unit_sell_price_micro),
      sell_price_micro: row.unit_sell_price_micro,
      openings: drawn,
    };
  });
  return { boxes, total, page, limit };
}
