// No zod here: the web's pages import these without loading the schemas.
import type { OrderStatus } from './orders.ts';

/**
 * The order statuses in which the order was paid for. Fulfilment may run the moment a payment
 * is confirmed (in-process), so "paid" is rarely the status a caller sees: compare with this
 * list, never with 'paid' alone (issue 12, item 3).
 */
export const PAID_ORDER_STATUSES = ['paid', 'fulfilled', 'refunded'] as const satisfies readonly OrderStatus[];

export type PaidOrderStatus = (typeof PAID_ORDER_STATUSES)[number];

export const isPaidOrderStatus = (status: string | null | undefined): status is PaidOrderStatus =>
  (PAID_ORDER_STATUSES as readonly string[]).includes(status ?? '');
