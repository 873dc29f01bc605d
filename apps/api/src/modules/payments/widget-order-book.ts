import type { CartLine, Order, OrderStatus } from '@starport/schemas';

/**
 * What widget payments need of the orders area (the OrdersService, handed in by app.ts): the
 * card provider's calls, plus keeping what the browser reports in the order's log.
 */
export interface WidgetOrderBook {
  openOrder(userId: string, lines: CartLine[], method: 'widget'): Promise<Order & { id: number }>;
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
  logBrowserReport(
    userId: string,
    code: string,
    kind: 'browser_report' | 'browser_log',
    payload: Record<string, unknown>,
  ): Promise<OrderStatus>;
}

/** Orders paid through Wert's widget record this provider; the sandbox's its own. */
export const WERT_PROVIDER = 'wert';
export const WERT_SANDBOX_PROVIDER = 'wert-sandbox';
