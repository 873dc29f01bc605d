import type { OrderStatus } from '@starport/schemas';
import { STATUS_LABELS, STATUS_TONES } from './order-labels.ts';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`order-badge order-badge--${STATUS_TONES[status]}`} data-testid="order-status">
      {STATUS_LABELS[status]}
    </span>
  );
}
