import {
  ErrorResponseSchema,
  IdempotencyHeadersSchema,
  StripeBuyBodySchema,
  StripeBuyResponseSchema,
  StripeWebhookResponseSchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { CardPayments } from './card-payments.service.ts';
import { answerOnce, type IdempotencyOptions } from './idempotent-start.ts';

const tags = ['payments'];
const errors = { '4xx': ErrorResponseSchema, '5xx': ErrorResponseSchema };

/** POST /api/stripe/buy and POST /api/stripe/webhook. `card` is null when card payments are off. */
export const stripeRoutes: FastifyPluginAsyncZod<{ card: CardPayments | null; idempotency: IdempotencyOptions }> = async (
  app,
  { card, idempotency },
) => {
  app.post('/buy', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      security: [{ bearerAuth: [] }],
      summary:
        'Opens an order for the cart (stock reserved) and a card checkout session for its total. Body: ' +
        '{ ids: [{ id, total, object }], type?: 2 } or { price?, type: 2, collection?, items: [...] }; any price sent is ignored. ' +
        "A marketplace item is bought alone with the older form: items: [{ id: <listing _id>, object: 'listing', total: 1 }] " +
        '(reserved for the order, charged its sale price). ' +
        'data is the address to send the browser to, order the order code. 401 signed out, 403 buying closed or your own listing, ' +
        '404 an item we do not sell, 409 naming a line out of stock or a listing no longer for sale, ' +
        '502 when the provider could not open the session (stock given back).',
      headers: IdempotencyHeadersSchema,
      body: StripeBuyBodySchema,
      response: { 200: StripeBuyResponseSchema, ...errors },
    },
    handler: async (req, reply) => {
      if (!card) throw new AppError('INTERNAL', 503, 'Card payments are not available at the moment.');
      return answerOnce(idempotency, req, reply, async () => {
        const { url, code } = await card.buy(callerOf(req).userId, (req.body.ids ?? req.body.items)!);
        return { error: false as const, msg: 'Redirecting to the card payment page.', data: url, order: code };
      });
    },
  });

  if (!card) return;
  // Stripe signs the exact bytes it sends: this scope keeps the raw body instead of parsing JSON.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    raw.post('/webhook', {
      schema: {
        tags,
        summary:
          'Stripe webhook (application/json, signed in the Stripe-Signature header over the raw body, at most 5 minutes old). ' +
          'checkout.session.completed / async_payment_succeeded pay the order once; expired and async_payment_failed give its stock back; ' +
          'other events are acknowledged and ignored. 400 on a bad signature or a malformed event (retried by Stripe), with no effect.',
        response: { 200: StripeWebhookResponseSchema, '4xx': ErrorResponseSchema },
      },
      handler: async (req) => {
        const signature = req.headers['stripe-signature'];
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const result = await card.webhook(body, typeof signature === 'string' ? signature : undefined);
        req.log.info({ result }, 'stripe webhook');
        return { received: true as const, handled: result.handled };
      },
    });
  });
};
