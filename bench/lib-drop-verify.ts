// What bench/drop.ts checks in the database once the drop is over and every opened order has
// been paid through the sandbox: a sale is a paid order, and the stock adds up exactly.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../apps/api/src/db/client.ts';

export type Check = { name: string; ok: boolean; detail: string };

const one = async <T>(db: Db, q: ReturnType<typeof sql>): Promise<T> => (await queryRows<T>(db, q))[0]!;

/** Every check, passed or not; `ships` is the number of Legendary rows on sale (stock 1 each). */
export async function checkDrop(db: Db, ships: number, opened: number): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const orders = await queryRows<{ status: string; n: number; review: number }>(
    db,
    sql`SELECT status, count(*)::int AS n, count(*) FILTER (WHERE needs_review)::int AS review FROM orders GROUP BY status ORDER BY status`,
  );
  const byStatus = Object.fromEntries(orders.map((o) => [o.status, o.n]));
  // A paid order is a sale; the worker may already have fulfilled it (delivered the ship).
  const paid = (byStatus.paid ?? 0) + (byStatus.fulfilled ?? 0);
  check(
    'paid orders = Legendary ships',
    paid === ships,
    `${paid} paid of ${ships} (orders by status: ${JSON.stringify(byStatus)})`,
  );
  check(
    'every opened order was paid',
    paid === opened && orders.every((o) => o.status === 'paid' || o.status === 'fulfilled'),
    `${opened} opened (200), ${paid} paid`,
  );
  const review = orders.reduce((n, o) => n + o.review, 0);
  check('no order flagged for review', review === 0, `${review} flagged`);

  const stock = await one<{ min: number; max: number; rows: number }>(
    db,
    sql`SELECT min(stock)::int AS min, max(stock)::int AS max, count(*)::int AS rows FROM shop_stock`,
  );
  check(
    'every shop_stock row sold out, none negative',
    stock.rows === ships && stock.min === 0 && stock.max === 0,
    `${stock.rows} rows, stock ${stock.min}..${stock.max}`,
  );

  // Per shop row: the copies sold (consumed reservations of paid orders) and what is left add up to the 1 it started with.
  const rows = await one<{ bad: number; oversold: number; unsold: number }>(
    db,
    sql`WITH sold AS (
          SELECT st.id, st.stock, coalesce(sum(r.quantity) FILTER (WHERE r.consumed_at IS NOT NULL AND o.status IN ('paid', 'fulfilled')), 0)::int AS sold
          FROM shop_stock st
          LEFT JOIN stock_reservations r ON r.shop_stock_id = st.id
          LEFT JOIN orders o ON o.id = r.order_id
          GROUP BY st.id, st.stock)
        SELECT count(*) FILTER (WHERE sold + stock <> 1)::int AS bad,
               count(*) FILTER (WHERE sold > 1)::int AS oversold,
               count(*) FILTER (WHERE sold = 0)::int AS unsold
        FROM sold`,
  );
  check('no ship sold twice', rows.oversold === 0, `${rows.oversold} rows sold more than once`);
  check(
    'sold + left = 1 for every ship',
    rows.bad === 0 && rows.unsold === 0,
    `${rows.bad} rows off, ${rows.unsold} never sold`,
  );

  const res = await one<{ total: number; consumed: number; released: number; open: number; orphan: number }>(
    db,
    sql`SELECT count(*)::int AS total,
               count(*) FILTER (WHERE r.consumed_at IS NOT NULL AND r.released_at IS NULL)::int AS consumed,
               count(*) FILTER (WHERE r.released_at IS NOT NULL)::int AS released,
               count(*) FILTER (WHERE r.consumed_at IS NULL AND r.released_at IS NULL)::int AS open,
               count(*) FILTER (WHERE o.status NOT IN ('paid', 'fulfilled') OR r.quantity <> 1)::int AS orphan
        FROM stock_reservations r JOIN orders o ON o.id = r.order_id`,
  );
  check(
    'reservations: one consumed per paid order, none open or released',
    res.total === paid && res.consumed === paid && res.open === 0 && res.released === 0 && res.orphan === 0,
    `${res.total} reservations: ${res.consumed} consumed, ${res.open} open, ${res.released} released, ${res.orphan} not of a paid order or not 1 copy`,
  );

  const lines = await one<{ n: number; twice: number }>(
    db,
    sql`SELECT count(*)::int AS n, (count(*) - count(DISTINCT l.shop_stock_id))::int AS twice
        FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.status IN ('paid', 'fulfilled')`,
  );
  check(
    'paid order lines name distinct ships',
    lines.n === paid && lines.twice === 0,
    `${lines.n} lines, ${lines.twice} repeated ships`,
  );

  const events = await one<{ paid_events: number; sessions_complete: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM order_events WHERE kind = 'paid')::int AS paid_events,
               (SELECT count(*) FROM sandbox_checkout_sessions WHERE status = 'complete')::int AS sessions_complete`,
  );
  check(
    'one paid event and one completed sandbox session per sale',
    events.paid_events === paid && events.sessions_complete === paid,
    `${events.paid_events} paid events, ${events.sessions_complete} completed sessions`,
  );
  return checks;
}
