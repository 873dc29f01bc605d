import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { WidgetRequest } from './widget-request.ts';

export type SandboxWertEventType = 'payment_started' | 'order_complete' | 'order_failed';

/**
 * The sandbox's ids for one click_id, stable across clicks as Wert's are for one order: a
 * second Pay sends the same order id, so our webhook sees the same payment twice, not two.
 */
export function sandboxIds(secret: string, clickId: string): { orderId: string; paymentId: string } {
  const id = (kind: string) => createHmac('sha256', secret).update(`${kind}:${clickId}`).digest('hex').slice(0, 26);
  return { orderId: `sbx_${id('order')}`, paymentId: `sbx_pay_${id('payment')}` };
}

/** A webhook body as Wert sends it (docs.wert.io "Webhooks"): the order's fields under `order`. */
export function sandboxEvent(
  type: SandboxWertEventType,
  r: WidgetRequest,
  ids: { orderId: string },
  txId: string | null,
): Record<string, unknown> {
  const amount = String(r.commodity_amount);
  return {
    type,
    click_id: r.click_id,
    order: {
      id: ids.orderId,
      base: r.commodity,
      base_amount: amount,
      // The sandbox charges no fee: the card pays the stablecoin amount in USD.
      quote: 'USD',
      quote_amount: amount,
      address: r.address,
      transaction_id: txId,
      sc_address: r.sc_address,
      sc_input_data: r.sc_input_data,
    },
    user: { user_id: 'sandbox-user' },
  };
}

export const newTxId = () => `0x${randomBytes(32).toString('hex')}`;

/**
 * Delivers an event to our own webhook over HTTP at PUBLIC_URL, as Wert would. When that
 * address cannot be reached from the server itself (a proxy in front, a test without a
 * listener), the same route is called in-process: the same secret check and handler.
 */
export async function deliverWertEvent(
  app: FastifyInstance,
  publicUrl: string,
  secret: string,
  event: Record<string, unknown>,
): Promise<boolean> {
  const path = `/api/wert/webhook/${secret}`;
  const payload = JSON.stringify(event);
  const headers = { 'content-type': 'application/json' };
  try {
    const res = await fetch(`${publicUrl}${path}`, {
      method: 'POST',
      headers,
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    return res.ok;
  } catch (err) {
    app.log.warn(
      { err: (err as Error).message, publicUrl },
      'sandbox: wert webhook not reachable over HTTP, delivering in-process',
    );
    const res = await app.inject({ method: 'POST', url: path, headers, payload });
    return res.statusCode === 200;
  }
}
