import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { orderLines, orders } from '../../../db/schema/index.ts';
import { WERT_SANDBOX_PROVIDER } from '../order-book.ts';

/** What the sandbox widget shows of an order: read by its click_id, as Wert knows only that. */
export type SandboxWidgetOrder = {
  code: string;
  status: string;
  totalMicro: bigint;
  discountMicro: bigint;
  discountPercent: number;
  lines: { name: string; quantity: number; unitMicro: bigint }[];
};

export async function sandboxWidgetOrder(db: Db, clickId: string): Promise<SandboxWidgetOrder | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, WERT_SANDBOX_PROVIDER), eq(orders.providerSessionId, clickId)));
  if (!order) return null;
  const lines = await db
    .select({ name: orderLines.name, quantity: orderLines.quantity, unitMicro: orderLines.unitSellPriceMicro })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.id);
  return {
    code: order.code,
    status: order.status,
    totalMicro: order.totalMicro,
    discountMicro: order.discountMicro,
    discountPercent: order.discountBps / 100,
    lines,
  };
}
