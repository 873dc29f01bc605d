import type { PaymentStatusNumber, ShopStatusBody } from '@starport/schemas';
import { api } from '../../../lib/api-client.ts';

/**
 * Payment status numbers sent to the server (spec §4): 1 in progress, 2 success, 4 error; by
 * name, checked against the schema's list (a value import of the schemas would bring zod here).
 */
export const PAYMENT_STATUS = { inProgress: 1, success: 2, error: 4 } as const satisfies Record<string, PaymentStatusNumber>;

/** Which checkout the widget pays for: the shop cart, one item from its page, or land credit. */
export type WidgetFlow = 'cart' | 'item' | 'land_credit';

/** Where each flow's reports go; the cart's call alone has step and content fields (spec §7). */
const STATUS_PATH: Record<Exclude<WidgetFlow, 'cart'>, string> = {
  item: '/api/payment/status',
  land_credit: '/api/credit/payment_status',
};

/** A status report: the shop form's body (the detail page's call carries the same, step and
 * content in its payload). */
export type StatusReport = ShopStatusBody;

/**
 * What the browser saw the widget do. These are reports only: the server never makes an
 * order paid because of them (only the provider's signed confirmation does). A failed report
 * must not disturb the payment on screen, so it is logged and forgotten.
 */
export async function reportPaymentStatus(flow: WidgetFlow, report: StatusReport): Promise<void> {
  const { tid, status, step, payload, content } = report;
  try {
    if (flow === 'cart') {
      await api.patch('/api/shop_payment/status', { tid, status, payload, step, content });
    } else {
      // The detail page's and the top-up's calls have no step field (spec §7.6): the step
      // travels in the payload.
      await api.patch(STATUS_PATH[flow], { tid, status, payload: { step, content, event: payload } });
    }
  } catch (error) {
    console.warn('Could not report the widget payment status', report, error);
  }
}

/** POST /api/shop_payment/log: every raw widget event of a cart payment, for support. */
export async function logWidgetEvent(tid: string, event: string, payload?: unknown): Promise<void> {
  try {
    await api.post('/api/shop_payment/log', { tid, event, payload });
  } catch (error) {
    console.warn('Could not log the widget event', event, error);
  }
}
