import type { ContinuePaymentResponse } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/orders/{code}/continue_payment: a pending order's payment reopened for the same
 * order and stock hold, the way it was started (card: its checkout page; widget: the widget
 * signed again). 404 not the player's order; 409 no longer payable, with a sentence.
 */
export const continuePayment = (code: string) =>
  api.post<ContinuePaymentResponse>(`/api/orders/${encodeURIComponent(code)}/continue_payment`);
