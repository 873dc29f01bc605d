import { ORDER_STATUSES, PAID_ORDER_STATUSES, type OrderStatus } from '@starport/schemas';

/**
 * The one order state machine, for every way to pay (ARCHITECTURE.md "Orders and payments").
 * Pure: the repository refuses any move this table does not allow, and the conditional
 * UPDATE it runs makes sure only one of two racing moves wins.
 */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'expired', 'failed', 'cancelled'],
  paid: ['fulfilled', 'refunded'],
  fulfilled: ['refunded'],
  expired: [],
  failed: [],
  cancelled: [],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The statuses an order can move to `to` from: what the conditional UPDATE accepts. */
export function sourcesOf(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => canTransition(from, to));
}

/** Only a pending order holds reserved stock; leaving pending for one of these gives it back. */
export const RELEASING: readonly OrderStatus[] = ['expired', 'failed', 'cancelled'];

/** Statuses in which the order was paid for (a payment arriving now changes nothing); shared with the web. */
export const PAID_STATUSES: readonly OrderStatus[] = PAID_ORDER_STATUSES;

export const isTerminal = (status: OrderStatus) => TRANSITIONS[status].length === 0;
