import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { writeSetting } from '../../db/settings.ts';
import { addShopLine } from '../../../test/catalogue-fixtures.ts';

export { stockOf } from '../../../test/catalogue-fixtures.ts';

/** Test fixtures for card payments: shop lines, the sale switch, and Stripe-shaped events. */

export const USD = 1_000_000n;
/** A shop line of `stock` copies at `sellMicro` (catalogue-fixtures' addShopLine, in this area's argument order). */
export const shopLine = (
  db: DbOrTx,
  stock: number,
  sellMicro: bigint,
  name?: string,
): Promise<{ id: string; name: string }> => addShopLine(db, { stock, sellMicro, ...(name ? { name } : {}) });

export const openSale = (db: DbOrTx, open = true) => writeSetting(db, 'sale_program', open ? 1 : 0);

export type OrderState = {
  id: number;
  status: string;
  needs_review: boolean;
  provider_session_id: string | null;
  total_micro: string;
};

export async function orderByCode(db: DbOrTx, code: string): Promise<OrderState> {
  const [row] = await queryRows<OrderState>(
    db,
    sql`SELECT id::int AS id, status, needs_review, provider_session_id, total_micro::text AS total_micro FROM orders WHERE code = ${code}`,
  );
  return { ...row!, id: Number(row!.id) };
}

export async function eventKinds(db: DbOrTx, orderId: number): Promise<string[]> {
  const rows = await queryRows<{ kind: string }>(
    db,
    sql`SELECT kind FROM order_events WHERE order_id = ${orderId} ORDER BY id`,
  );
  return rows.map((r) => r.kind);
}

/** A Stripe event about a checkout session, as JSON text (the exact bytes that get signed). */
export function sessionEvent(
  type: string,
  session: Partial<Stripe.Checkout.Session> & { id: string },
  eventId?: string,
): string {
  return JSON.stringify({
    id: eventId ?? `evt_test_${randomBytes(12).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: { object: 'checkout.session', mode: 'payment', currency: 'usd', payment_status: 'paid', ...session },
    },
  });
}
