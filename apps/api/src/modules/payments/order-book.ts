import type { Order, OrderLineRequest } from '@starport/schemas';

/**
 * What card payments need of the orders area. app.ts hands in the OrdersService; this area
 * names only the calls it makes, so the two areas stay apart (eslint.config.js API_AREAS).
 */
export interface OrderBook {
  /** cart lines, or one marketplace listing `{ object: 'listing', id, total: 1 }` */
  openOrder(userId: string, lines: OrderLineRequest[], method: 'card'): Promise<Order & { id: number }>;
  holdUntil(orderId: number, until: Date): Promise<Date | null>;
  attachSession(orderId: number, provider: string, sessionId: string): Promise<boolean>;
  findByProviderSession(
    provider: string,
    sessionId: string,
  ): Promise<{ id: number; code: string; status: string } | undefined>;
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
  expire(orderId: number): Promise<'expired' | 'not_due' | 'unchanged'>;
}

/** Orders paid through Checkout Sessions record this provider, the sandbox's included. */
export const CARD_PROVIDER = 'stripe';
