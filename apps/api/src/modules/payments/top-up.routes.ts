import {
  CryptoQuoteSchema,
  CryptoStatusBodySchema,
  CryptoStatusResponseSchema,
  CryptoVerifyBodySchema,
  CryptoVerifyResponseSchema,
  IdempotencyHeadersSchema,
  ReportResponseSchema,
  StripeBuyResponseSchema,
  TopUpBodySchema,
  TopUpStatusBodySchema,
  TopUpWidgetResponseSchema,
} from '@starport/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import type { CardPayments } from './card-payments.service.ts';
import type { CryptoPayments } from './crypto-payments.service.ts';
import { answerOnce, type IdempotencyOptions } from './idempotent-start.ts';
import type { WidgetOrderBook } from './order-book.ts';
import { errors, REPORT_BODY_LIMIT, signedIn, tags } from './route-docs.ts';
import { topUpLines } from './top-up-lines.ts';
import type { WidgetPayments } from './widget-payments.service.ts';

type TopUpRoutesOptions = {
  db: Db;
  /** null when that way to pay is off: starting a top-up with it answers 503 */
  card: CardPayments | null;
  widget: WidgetPayments | null;
  crypto: CryptoPayments;
  orders: WidgetOrderBook;
  idempotency: IdempotencyOptions;
};

const OPENS =
  ' `quantity`: whole land credits within the operator’s bounds (GET /api/credit/topup), else 400 naming them. ' +
  'The order has one line "Buy {n} Land Credit" priced by the server; the paid order credits the ledger once. ' +
  '401 signed out, 403 buying closed, 409 too many unpaid orders.';

/**
 * Land-credit top-ups (owned-assets.md §7.6; decision 0047; docs/api-land-credit.md): each way
 * to pay opens an order of one `land_credit` line through the same start-payment workflow as
 * a shop purchase, and the browser's reports are logged exactly as the shop's are.
 */
export const topUpRoutes: FastifyPluginAsyncZod<TopUpRoutesOptions> = async (app, o) => {
  const { db, card, widget, crypto, orders, idempotency } = o;
  const opening = { preHandler: app.requireAuth, schema: { tags, ...signedIn, headers: IdempotencyHeadersSchema, body: TopUpBodySchema } };

  app.post('/api/stripe/buyTopup', {
    ...opening,
    schema: {
      ...opening.schema,
      summary:
        'Opens a top-up order (method card) and a card checkout session for its total; data is the checkout page, order the ' +
        'order code. The browser comes back to /assets?topup=success|cancel&order={code}.' +
        OPENS +
        ' 502 the session could not be opened; 503 card payments off.',
      response: { 200: StripeBuyResponseSchema, ...errors },
    },
    handler: async (req, reply) => {
      if (!card) throw new AppError('INTERNAL', 503, 'Card payments are not available at the moment.');
      return answerOnce(idempotency, req, reply, async () => {
        const { url, code } = await card.buyTopUp(callerOf(req).userId, req.body.quantity);
        return { error: false as const, msg: 'Redirecting to the card payment page.', data: url, order: code };
      });
    },
  });

  app.post('/api/credit/payment/wertio', {
    ...opening,
    schema: {
      ...opening.schema,
      summary:
        'Opens a top-up order (method widget) and signs the widget purchase of its total: the shop’s widget session in ' +
        'data (item_name "Buy {n} Land Credit"), tid = the order code, totalUSD the order total.' +
        OPENS +
        ' 502 the widget could not be started; 503 widget payments off.',
      response: { 200: TopUpWidgetResponseSchema, ...errors },
    },
    handler: async (req, reply) => {
      if (!widget) throw new AppError('INTERNAL', 503, 'Widget payments are not available at the moment.');
      return answerOnce(idempotency, req, reply, async () => {
        const { userId } = callerOf(req);
        const data = await widget.start(userId, await topUpLines(db, req.body.quantity));
        return { error: false as const, msg: 'Opening the payment widget.', tid: data.tid, data, totalUSD: data.totalUSD };
      });
    },
  });

  app.patch('/api/credit/payment_status', {
    preHandler: app.requireAuth,
    bodyLimit: REPORT_BODY_LIMIT,
    schema: {
      tags,
      ...signedIn,
      summary:
        'What the top-up’s widget reports: status 1 in progress, 2 success, 4 error, and its payload (≤ 8 KiB of JSON). ' +
        'Logged with the order, never acted on: status 2 pays nothing. Answers the order status as the server knows it. ' +
        '404 for an unknown tid or another player’s.',
      body: TopUpStatusBodySchema,
      response: { 200: ReportResponseSchema, ...errors },
    },
    handler: async (req) => {
      const { tid, status, payload } = req.body;
      const now = await orders.logBrowserReport(callerOf(req).userId, tid, 'browser_report', {
        route: 'credit_payment',
        status,
        payload: payload ?? null,
      });
      return { error: false as const, status: now };
    },
  });

  app.post('/api/credit/payment/eth_crypto', {
    ...opening,
    schema: {
      ...opening.schema,
      summary:
        'Opens a top-up order (method crypto) and quotes its total in USDC, as the shop’s crypto call: send amountBase of ' +
        'tokenAddress on targetNetworkId to targetWallet from payerWallet (the linked wallet).' +
        OPENS +
        ' 409 also no linked wallet; 502 the session could not be recorded; 503 crypto payments not set up or the chain unreachable.',
      response: { 200: CryptoQuoteSchema, ...errors },
    },
    handler: async (req, reply) =>
      answerOnce(idempotency, req, reply, async () => {
        const { userId } = callerOf(req);
        return crypto.quote(userId, await topUpLines(db, req.body.quantity), 'topup');
      }),
  });

  app.post('/api/credit/payment/eth_crypto/verify', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      ...signedIn,
      summary:
        'The top-up’s transaction, verified on chain exactly as POST /api/payment/eth_crypto/verify: paid, failed, review ' +
        'or verifying (ask again with GET /api/payment/eth_crypto/{tid}). 404 unknown tid or another player’s.',
      body: CryptoVerifyBodySchema,
      response: { 200: CryptoVerifyResponseSchema, ...errors },
    },
    handler: async (req) => crypto.verify(callerOf(req).userId, req.body),
  });

  app.post('/api/land/payment/eth_crypto/status', {
    preHandler: app.requireAuth,
    bodyLimit: REPORT_BODY_LIMIT,
    schema: {
      tags,
      ...signedIn,
      summary:
        'A step of a land purchase paid by crypto, which is a crypto top-up of the missing credit (its tid) followed by ' +
        'POST /api/land/payment/credit. Recorded against the top-up’s tid as POST /api/payment/eth_crypto/status records ' +
        'it (route land_eth_crypto), never acted on. 404 unknown tid or another player’s.',
      body: CryptoStatusBodySchema,
      response: { 200: CryptoStatusResponseSchema, ...errors },
    },
    handler: async (req) => crypto.report(callerOf(req).userId, req.body, 'land_eth_crypto'),
  });
};
