import type { Order, OrderLineRequest, OrderStatus } from '@starport/schemas';
import type { Tx } from '../../db/client.ts';

/**
 * What payments need of the orders area. app.ts hands in the OrdersService; this area names
 * only the calls it makes, so the two areas stay apart (eslint.config.js API_AREAS). Every
 * provider opens, holds, settles and fails orders the same way; each adds what it alone uses.
 */
export interface PaymentOrderBook<Method extends Order['method']> {
  /** cart lines, or one marketplace listing `{ object: 'listing', id, total: 1 }` */
  openOrder(
    userId: string,
    lines: OrderLineRequest[],
    method: Method,
    opts?: { holdAtLeast?: Date },
  ): Promise<Order & { id: number }>;
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

/** A pending order as Continue payment reopens it (404 not the caller's, 409 no longer payable). */
export type PayableOrder = Order & { id: number; provider: string | null; providerSessionId: string | null };
export interface PayableOrders {
  payableOwned(userId: string, code: string): Promise<PayableOrder>;
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

/**
 * Crypto payments (docs/decisions/0021): the browser's step reports are logged like the
 * widget's, and a verified transfer pays the order inside the transaction that records the
 * transfer as used, so the two commit together or not at all. The calls that must commit with
 * the caller's own writes take that transaction first and say so in their name (…InTx); the
 * others open their own. No call takes a transaction optionally: which one it joins is never
 * a matter of whether an argument was passed.
 */
export interface CryptoOrderBook extends PaymentOrderBook<'crypto'> {
  logBrowserReport(
    userId: string,
    code: string,
    kind: 'browser_report' | 'browser_log',
    payload: Record<string, unknown>,
  ): Promise<OrderStatus>;
  /** markPaid in the caller's transaction (a savepoint inside it) */
  markPaidInTx(
    tx: Tx,
    orderId: number,
    p: Parameters<PaymentOrderBook<'crypto'>['markPaid']>[1],
  ): Promise<'paid' | 'already_paid' | 'review'>;
  /** a reported transaction holds the stock in the transaction that records it */
  holdUntilInTx(tx: Tx, orderId: number, until: Date): Promise<Date | null>;
  /** a transfer that may have moved money could not be checked: an operator looks */
  flagForReviewInTx(tx: Tx, orderId: number, reason: string, payload: Record<string, unknown>): Promise<void>;
  /** what the server saw on its own (a transfer found on chain, a replaced transaction) */
  logPaymentObservationInTx(
    tx: Tx,
    orderId: number,
    kind: 'transfer_found_on_chain' | 'transaction_replaced',
    payload: Record<string, unknown>,
  ): Promise<void>;
}

/** Orders paid through Checkout Sessions record this provider, the sandbox's included. */
export const CARD_PROVIDER = 'stripe';
/** Orders paid through Wert's widget record this provider; the sandbox's its own. */
export const WERT_PROVIDER = 'wert';
export const WERT_SANDBOX_PROVIDER = 'wert-sandbox';
/** Orders paid by an on-chain USDC transfer; their session id is the crypto payment's tid. */
export const CRYPTO_PROVIDER = 'crypto';
