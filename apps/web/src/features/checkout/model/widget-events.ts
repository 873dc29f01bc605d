import type { PaymentStatusNumber, WidgetStep } from '@starport/schemas';
import { PAYMENT_STATUS } from '../api/report-payment-status.ts';

/** What the widget dialog shows about the payment, besides the widget itself. */
export type WidgetScreen = 'paying' | 'pending' | 'failed' | 'error' | 'success';

export type ReportedStatus = { status: PaymentStatusNumber; step?: WidgetStep };

export type WidgetReaction = {
  /** the status report to send, if any */
  report: ReportedStatus | null;
  screen: WidgetScreen;
};

// The provider's statuses that end an order without a purchase ('failover' is its failed-over
// card charge, 'canceled' the player's own cancel).
const FAILED_STATUSES = new Set(['failed', 'failover', 'canceled', 'cancelled']);

/**
 * The widget's payment-status event as spec §4 has it: pending is in progress with a wait
 * message; failed shows the failure and offers the card instead (no status report); success
 * is status 2; any other status (e.g. progress) is in progress with the default step.
 */
export function reactionToPaymentStatus(status: string): WidgetReaction {
  const normalized = status.trim().toLowerCase();
  if (normalized === 'pending') {
    return { report: { status: PAYMENT_STATUS.inProgress, step: 'WERT_PENDING' }, screen: 'pending' };
  }
  if (normalized === 'success') {
    return { report: { status: PAYMENT_STATUS.success, step: 'WERT_SUCCESS' }, screen: 'success' };
  }
  if (FAILED_STATUSES.has(normalized)) return { report: null, screen: 'failed' };
  return { report: { status: PAYMENT_STATUS.inProgress, step: 'WERT_DEFAULT' }, screen: 'paying' };
}

/** The widget moved to another step of its own (spec §4 "a position event"). */
export const reactionToPosition = (): ReportedStatus => ({
  status: PAYMENT_STATUS.inProgress,
  step: 'WERT_POSITION',
});

/** The widget itself failed (spec §4 "error": status 4, card fallback offered). */
export const reactionToError = (): ReportedStatus => ({ status: PAYMENT_STATUS.error });
