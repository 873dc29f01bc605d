import type { Order, OrderLineRequest, OrderStatus } from '@starport/schemas';

/**
 * What payments need of the orders area. app.ts hands in the OrdersService; this area names
 * only the calls it makes, so the two areas stay apart (eslint.config.js API_AREAS). Every
 * provider opens, holds, settles and fails orders the same way; each adds what it alone uses.
 */
interface PaymentOrderBook<Method extends Order['method']> {
  /** cart lines, or one marketplace listing `{ object: 'listing', id, total: 1 }` */
  openOrder(userId: string, lines: OrderLineRequest[], method: Method): Promise<Order & { id: number }>;
  holdUntil(orderId: number, until: Date): Promise<Date | null>;
  attachSession(orderId: number, provider: string, sessionId: string): Promise<boolean>;
  findByProviderSession(
    provider: string,
    sessionId: string,
  ): Promise<{ id: number; code: string; status: string; totalMicro: bigint } | undefined>;
  markPaid(
    orderId: number,
    p: {
      provider: string;
      eventId: string;
      amountMicro?: bigint;
      currency?: string;
      payload?: Record<string, unknown>;
    },
  ): Promise<'paid' | 'already_paid' | 'review'>;
  fail(orderId: number, reason: string): Promise<boolean>;
}

/** Card payments (Checkout Sessions): an expired session may also expire the order. */
export interface OrderBook extends PaymentOrderBook<'card'> {
  expire(orderId: number): Promise<'expired' | 'not_due' | 'unchanged'>;
}

/** Widget payments: what the browser reports is kept in the order's log (it never pays). */
export interface WidgetOrderBook extends PaymentOrderBook<'widget'> {
  logBrowserReport(
    userId: string,
    code: string,
    kind: 'browser_report' | 'browser_log',
    payload: Record<string, unknown>,
  ): Promise<OrderStatus>;
}

/** Orders paid through Checkout Sessions record this provider, the sandbox's included. */
export const CARD_PROVIDER = 'stripe';
/** Orders paid through Wert's widget record this provider; the sandbox's its own. */
export const WERT_PROVIDER = 'wert';
export const WERT_SANDBOX_PROVIDER = 'wert-sandbox';
