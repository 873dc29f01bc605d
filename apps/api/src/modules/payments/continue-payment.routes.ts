import { ContinuePaymentResponseSchema, OrderCodeParamsSchema } from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { CardPayments } from './card-payments.service.ts';
import type { PayableOrders } from './order-book.ts';
import { errors, signedIn, tags } from './route-docs.ts';
import type { WidgetPayments } from './widget-payments.service.ts';

export const CRYPTO_CONTINUE_MSG =
  'A crypto payment is sent from your wallet: send the quoted transfer before the reservation ends, or cancel the order.';
const OFF_MSG = 'This way to pay is not available at the moment. Cancel the order and check out again.';

type ContinueOptions = { orders: PayableOrders; card: CardPayments | null; widget: WidgetPayments | null };

/**
 * Continue payment (issue 12, item 2): a pending order whose payment failed or was left (a
 * declined card, a failed widget) is paid again the way it was started, for the same order
 * and the same stock hold. Nothing new is reserved, so no Idempotency-Key is needed.
 */
export const continuePaymentRoutes: FastifyPluginAsyncZod<ContinueOptions> = async (app, { orders, card, widget }) => {
  app.post('/api/orders/:code/continue_payment', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      ...signedIn,
      summary:
        'Reopens the payment of a pending order of the caller, for the same order and stock hold, the way it was ' +
        'started: card → data is its checkout page again (while that session is open); widget → session is the ' +
        'widget signed again for the same order. 404 not the caller’s order; 409 no longer payable (paid, closed, ' +
        'past its reservation), a closed card session, or a crypto order (paid by sending the quoted transfer).',
      params: OrderCodeParamsSchema,
      response: { 200: ContinuePaymentResponseSchema, ...errors },
    },
    handler: async (req) => {
      const { userId } = callerOf(req);
      const order = await orders.payableOwned(userId, req.params.code);
      switch (order.method) {
        case 'card': {
          if (!card) throw new AppError('CONFLICT', 409, OFF_MSG);
          return { error: false as const, method: 'card' as const, order: order.code, data: await card.resume(order) };
        }
        case 'widget': {
          if (!widget) throw new AppError('CONFLICT', 409, OFF_MSG);
          const session = await widget.resume(userId, order);
          return { error: false as const, method: 'widget' as const, order: order.code, session };
        }
        default:
          throw new AppError('CONFLICT', 409, CRYPTO_CONTINUE_MSG);
      }
    },
  });
};
