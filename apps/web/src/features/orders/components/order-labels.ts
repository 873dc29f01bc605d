import type { OrderStatus, PaymentMethod } from '@starport/schemas';

/** What a player reads for each order status (docs/api-orders.md "Statuses"). */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending payment',
  paid: 'Paid',
  fulfilled: 'Delivered',
  expired: 'Expired',
  failed: 'Failed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** The badge colour family of a status: good news, waiting, or closed without a sale. */
export const STATUS_TONES: Record<OrderStatus, 'success' | 'waiting' | 'closed' | 'info'> = {
  pending: 'waiting',
  paid: 'success',
  fulfilled: 'success',
  expired: 'closed',
  failed: 'closed',
  cancelled: 'closed',
  refunded: 'info',
};

export const METHOD_LABELS: Record<PaymentMethod, string> = {
  card: 'Card',
  widget: 'Widget',
  crypto: 'Crypto',
};

