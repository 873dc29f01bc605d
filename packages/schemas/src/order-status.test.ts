import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './orders.ts';
import { isPaidOrderStatus, PAID_ORDER_STATUSES } from './order-status.ts';

describe('isPaidOrderStatus', () => {
  it('every status past a payment is paid, not only "paid"', () => {
    expect(ORDER_STATUSES.filter(isPaidOrderStatus)).toEqual(['paid', 'fulfilled', 'refunded']);
    expect(PAID_ORDER_STATUSES).toEqual(['paid', 'fulfilled', 'refunded']);
  });
  it('an unpaid, unknown or missing status is not', () => {
    for (const s of ['pending', 'expired', 'failed', 'cancelled', 'unknown', '', null, undefined])
      expect(isPaidOrderStatus(s)).toBe(false);
  });
});
