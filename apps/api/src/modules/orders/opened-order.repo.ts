import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryNamed } from '../../lib/sql/query-shapes.ts';
import type { NewOrder, OrderLineRow, OrderRow } from './orders.repo.ts';

/** A line as the opening writes it (its order's id comes from the same statement). */
export type OpenedLine = {
  object: string;
  shopStockId: number | null;
  blindBoxCode: string | null;
  listingId: number | null;
  ownedShipId: number | null;
  name: string;
  quantity: number;
  unitSellPriceMicro: bigint;
  unitListPriceMicro: bigint;
};

/** The two jobs every pending order carries: its expiry, and the check that its session was attached. */
export type OpeningJobs = { expireKind: string; unattachedKind: string; unattachedAfterMs: number };

export type OpenedOrder = { order: OrderRow; lines: OrderLineRow[] };

type OpenedRow = {
  id: string | number;
  code: string;
  user_id: string;
  status: string;
  method: string;
  currency: string;
  totalsub_micro: string;
  discount_micro: string;
  total_micro: string;
  discount_bps: number;
  expires_at: string | Date;
  created_at: string | Date;
  updated_at: string | Date;
  lines: Array<{
    id: string;
    object: string;
    shop_stock_id: number | null;
    blind_box_code: string | null;
    listing_id: string | null;
    owned_ship_id: string | null;
    name: string;
    quantity: number;
    unit_sell_price_micro: string;
    unit_list_price_micro: string;
  }>;
};

/**
 * Writes a new pending order in one statement: the order, its lines, the shop lines'
 * reservations, its 'opened' event and its two jobs (expiry at expires_at, the unattached
 * check a grace period after it was created). Why one statement: the opening runs while the
 * shop row it took is locked, and in a drop every round trip under that lock is one more
 * buyer kept waiting (issue 21, decision 0067); five inserts were five round trips.
 *
 * The jobs rows are written here, not through jobs/queue.ts's enqueueJobs, because their
 * dedupe keys and run times name the order's id and expiry, which exist only inside the
 * statement; they are the same rows enqueueJobs would write (max_attempts takes the column's
 * default, as it does there). Blind-box, listing and ship-mint reservations are not written
 * here (reservations.repo.ts): the caller writes those when its lines hold any.
 *
 * A named statement with a fixed text: PostgreSQL parses it once per connection.
 */
export async function writeOpenedOrder(
  tx: Tx,
  o: NewOrder,
  lines: OpenedLine[],
  openedPayload: Record<string, unknown>,
  jobs: OpeningJobs,
): Promise<OpenedOrder> {
  const [row] = await queryNamed<OpenedRow>(tx, 'orders-write-opened', openedOrderStatement, {
    code: o.code,
    userId: o.userId,
    method: o.method,
    totalsub: o.totalsubMicro.toString(),
    discount: o.discountMicro.toString(),
    total: o.totalMicro.toString(),
    bps: o.discountBps,
    minutes: o.reservationMinutes,
    holdAtLeast: o.holdAtLeast ? o.holdAtLeast.toISOString() : null,
    lines: JSON.stringify(
      lines.map((l, ord) => ({
        ord,
        object: l.object,
        shop_stock_id: l.shopStockId,
        blind_box_code: l.blindBoxCode,
        listing_id: l.listingId,
        owned_ship_id: l.ownedShipId,
        name: l.name,
        quantity: l.quantity,
        unit_sell_price_micro: l.unitSellPriceMicro.toString(),
        unit_list_price_micro: l.unitListPriceMicro.toString(),
      })),
    ),
    payload: JSON.stringify(openedPayload),
    expireKind: jobs.expireKind,
    unattachedKind: jobs.unattachedKind,
    unattachedAfterMs: jobs.unattachedAfterMs,
  });
  return fromRow(row!);
}

const p = (name: string) => sql.placeholder(name);

function openedOrderStatement() {
  return sql`
    WITH o AS (
      INSERT INTO orders (code, user_id, method, totalsub_micro, discount_micro, total_micro, discount_bps, expires_at)
      VALUES (${p('code')}, ${p('userId')}::uuid, ${p('method')}, ${p('totalsub')}::bigint, ${p('discount')}::bigint,
              ${p('total')}::bigint, ${p('bps')}::int,
              GREATEST(now() + make_interval(mins => ${p('minutes')}::int), ${p('holdAtLeast')}::timestamptz))
      RETURNING *
    ), given AS (
      SELECT * FROM jsonb_to_recordset(${p('lines')}::jsonb) AS x(
        ord int, object text, shop_stock_id int, blind_box_code text, listing_id bigint, owned_ship_id bigint,
        name text, quantity int, unit_sell_price_micro bigint, unit_list_price_micro bigint)
    ), l AS (
      INSERT INTO order_lines (order_id, object, shop_stock_id, blind_box_code, listing_id, owned_ship_id,
                               name, quantity, unit_sell_price_micro, unit_list_price_micro)
      SELECT o.id, g.object, g.shop_stock_id, g.blind_box_code, g.listing_id, g.owned_ship_id,
             g.name, g.quantity, g.unit_sell_price_micro, g.unit_list_price_micro
      FROM o, given g ORDER BY g.ord
      RETURNING *
    ), reserved AS (
      INSERT INTO stock_reservations (order_id, shop_stock_id, quantity)
      SELECT o.id, g.shop_stock_id, g.quantity FROM o, given g WHERE g.shop_stock_id IS NOT NULL
    ), opened AS (
      INSERT INTO order_events (order_id, kind, to_status, payload)
      SELECT o.id, 'opened', o.status, ${p('payload')}::jsonb FROM o
    ), queued AS (
      INSERT INTO jobs (kind, payload, dedupe_key, run_at)
      SELECT j.kind, jsonb_build_object('orderId', o.id), j.kind || ':' || o.id, j.run_at
      FROM o, LATERAL (VALUES
        (${p('expireKind')}::text, o.expires_at),
        (${p('unattachedKind')}::text, o.created_at + ${p('unattachedAfterMs')}::int * interval '1 millisecond')
      ) AS j(kind, run_at)
      ON CONFLICT (dedupe_key) DO NOTHING
    )
    SELECT o.id, o.code, o.user_id, o.status, o.method, o.currency, o.totalsub_micro::text AS totalsub_micro,
           o.discount_micro::text AS discount_micro, o.total_micro::text AS total_micro, o.discount_bps,
           o.expires_at, o.created_at, o.updated_at,
           (SELECT json_agg(json_build_object(
                     'id', l.id::text, 'object', l.object, 'shop_stock_id', l.shop_stock_id,
                     'blind_box_code', l.blind_box_code, 'listing_id', l.listing_id::text,
                     'owned_ship_id', l.owned_ship_id::text, 'name', l.name, 'quantity', l.quantity,
                     'unit_sell_price_micro', l.unit_sell_price_micro::text,
                     'unit_list_price_micro', l.unit_list_price_micro::text) ORDER BY l.id)
            FROM l) AS lines
    FROM o`;
}

const asDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));
const asId = (v: string | null) => (v === null ? null : Number(v));

function fromRow(row: OpenedRow): OpenedOrder {
  const id = Number(row.id);
  const order: OrderRow = {
    id,
    code: row.code,
    userId: row.user_id,
    status: row.status,
    method: row.method,
    provider: null,
    providerSessionId: null,
    currency: row.currency,
    totalsubMicro: BigInt(row.totalsub_micro),
    discountMicro: BigInt(row.discount_micro),
    totalMicro: BigInt(row.total_micro),
    discountBps: row.discount_bps,
    needsReview: false,
    expiresAt: asDate(row.expires_at),
    createdAt: asDate(row.created_at),
    updatedAt: asDate(row.updated_at),
    paidAt: null,
    fulfilledAt: null,
  };
  const lines: OrderLineRow[] = (row.lines ?? []).map((l) => ({
    id: Number(l.id),
    orderId: id,
    object: l.object,
    shopStockId: l.shop_stock_id,
    blindBoxCode: l.blind_box_code,
    listingId: asId(l.listing_id),
    ownedShipId: asId(l.owned_ship_id),
    name: l.name,
    quantity: l.quantity,
    unitSellPriceMicro: BigInt(l.unit_sell_price_micro),
    unitListPriceMicro: BigInt(l.unit_list_price_micro),
  }));
  return { order, lines };
}
