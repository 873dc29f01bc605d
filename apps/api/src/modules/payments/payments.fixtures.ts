import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { queryRows, type DbOrTx } from '../../db/client.ts';
import { writeSetting } from '../../db/settings.ts';
import { ships, shopStock } from '../../db/schema/index.ts';

/** Test fixtures for card payments: shop lines, the sale switch, and Stripe-shaped events. */

export const USD = 1_000_000n;
let seq = 0;

export async function shopLine(
  db: DbOrTx,
  stock: number,
  sellMicro: bigint,
  name?: string,
): Promise<{ id: string; name: string }> {
  seq += 1;
  const shipName = name ?? `Pay Test Ship ${seq}-${randomBytes(3).toString('hex')}`;
  const [ship] = await db
    .insert(ships)
    .values({
      element: 0,
      rarity: 0,
      name: shipName,
      description: 'A ship for payment tests.',
      health: 100,
      healing: 1,
      gunDamage: 10,
      rocketDamage: 10,
      defense: 5,
      afterburner: 5,
      rocketRechargeTime: 1000,
      rocketFireRate: 10,
      artSeed: 9000 + seq,
    })
    .returning({ id: ships.id });
  const [line] = await db
    .insert(shopStock)
    .values({
      shipId: ship!.id,
      element: 0,
      rarity: 0,
      priceMicro: Number(sellMicro),
      sellPriceMicro: Number(sellMicro),
      stock,
    })
    .returning({ id: shopStock.id });
  return { id: String(line!.id), name: shipName };
}

export const openSale = (db: DbOrTx, open = true) => writeSetting(db, 'sale_program', open ? 1 : 0);

export async function stockOf(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .select({ stock: shopStock.stock })
    .from(shopStock)
    .where(eq(shopStock.id, Number(id)));
  return row!.stock;
}

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
