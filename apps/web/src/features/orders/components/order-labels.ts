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

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A date and time in the player's own time zone, e.g. "Nov 22, 2026, 2:18 AM". */
export const formatDateTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};
