import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { callerOf } from '../../plugins/auth.ts';
import { answerOnce, type IdempotencyOptions } from './idempotent-start.ts';
import { detailPageLines } from './widget-lines.ts';
import type { WidgetOrderBook } from './order-book.ts';
import type { WidgetPayments } from './widget-payments.service.ts';
import {
  IdempotencyHeadersSchema,
  ItemStatusBodySchema,
  ItemWidgetBodySchema,
  ItemWidgetResponseSchema,
  ReportResponseSchema,
  ShopLogBodySchema,
  ShopStatusBodySchema,
  ShopWidgetBodySchema,
  ShopWidgetResponseSchema,
  WertWebhookResponseSchema,
} from '@starport/schemas';
import { errors, REPORT_BODY_LIMIT, signedIn, tags } from './route-docs.ts';

type WidgetRoutesOptions = {
  widget: WidgetPayments | null;
  orders: WidgetOrderBook;
  idempotency: IdempotencyOptions;
};

/**
 * The fiat-to-crypto widget's calls (storefront.md §7). `widget` is null when widget payments
 * are off: starting one answers 503; the reports still work for orders opened before.
 */
export const widgetRoutes: FastifyPluginAsyncZod<WidgetRoutesOptions> = async (app, { widget, orders, idempotency }) => {
  const started = () => {
    if (!widget) throw new AppError('INTERNAL', 503, 'Widget payments are not available at the moment.');
    return widget;
  };
  const opens =
    '401 signed out, 403 buying closed, 404 an item that is not sold, 409 naming a line out of stock, ' +
    '502 when the widget could not be started (stock given back), 503 widget payments off.';

  app.post('/api/shop_payment/wertio', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      ...signedIn,
      summary:
        'Opens an order for the cart (method widget, stock reserved) and signs the widget purchase of its total. ' +
        'tid = the order code = the widget click_id; data.signedData goes to WertWidget unchanged. ' +
        opens,
      headers: IdempotencyHeadersSchema,
      body: ShopWidgetBodySchema,
      response: { 200: ShopWidgetResponseSchema, ...errors },
    },
    handler: async (req, reply) => {
      const widget = started();
      return answerOnce(idempotency, req, reply, async () => {
        const data = await widget.start(callerOf(req).userId, req.body.ids);
        return { error: false as const, tid: data.tid, data };
      });
    },
  });

  app.post('/api/payment/wertio', {
    preHandler: app.requireAuth,
    schema: {
      tags,
      ...signedIn,
      summary:
        'Opens an order for one item from its detail page (a shop _id or blindbox-<code>, one copy; with ' +
        "object 'listing', a marketplace listing's _id, reserved for the order) and signs the widget purchase; " +
        'the same session as the shop call, flat in the answer. Without object the kind is read from the id. ' +
        opens +
        ' A listing: 403 also the player’s own, 404 unknown, 409 no longer for sale.',
      headers: IdempotencyHeadersSchema,
      body: ItemWidgetBodySchema,
      response: { 200: ItemWidgetResponseSchema, ...errors },
    },
    handler: async (req, reply) => {
      const widget = started();
      return answerOnce(idempotency, req, reply, async () => {
        const data = await widget.start(callerOf(req).userId, detailPageLines(req.body));
        return { error: false as const, msg: 'Opening the payment widget.', ...data };
      });
    },
  });

  /** A browser report's route options: signed in, a small body, its own schema. */
  const report = <B extends z.ZodType>(summary: string, body: B) => ({
    preHandler: app.requireAuth,
    bodyLimit: REPORT_BODY_LIMIT,
    schema: {
      tags,
      ...signedIn,
      summary:
        `${summary} Logged with the order, never acted on: status 2 does not make anything paid. ` +
        'Answers the order status as the server knows it. 404 for an unknown tid or another player’s; ' +
        '400 for a payload over 8 KiB of JSON.',
      body,
      response: { 200: ReportResponseSchema, ...errors },
    },
  });
  const record = async (
    userId: string,
    tid: string,
    kind: 'browser_report' | 'browser_log',
    payload: Record<string, unknown>,
  ) => ({
    error: false as const,
    status: await orders.logBrowserReport(userId, tid, kind, payload),
  });

  app.patch(
    '/api/payment/status',
    report(
      'What the detail page’s widget reports: status 1 in progress, 2 success, 4 error, and its payload.',
      ItemStatusBodySchema,
    ),
    async (req) => {
      const { tid, status, payload } = req.body;
      return record(callerOf(req).userId, tid, 'browser_report', {
        route: 'payment',
        status,
        payload: payload ?? null,
      });
    },
  );

  app.patch(
    '/api/shop_payment/status',
    report(
      'What the shop’s widget reports: status 1/2/4, step WERT_PENDING | WERT_SUCCESS | WERT_POSITION | WERT_DEFAULT, ' +
        'content (a note, ≤ 2000 characters) and its payload.',
      ShopStatusBodySchema,
    ),
    async (req) => {
      const { tid, status, payload, step, content } = req.body;
      return record(callerOf(req).userId, tid, 'browser_report', {
        route: 'shop_payment',
        status,
        step: step ?? null,
        content: content ?? null,
        payload: payload ?? null,
      });
    },
  );

  app.post(
    '/api/shop_payment/log',
    report('A raw widget event of a shop payment (event: its type, ≤ 64 characters), for support.', ShopLogBodySchema),
    async (req) => {
      const { tid, event, payload } = req.body;
      return record(callerOf(req).userId, tid, 'browser_log', { event, payload: payload ?? null });
    },
  );

  if (!widget) return;
  const webhook = {
    // The address holds our secret: keep it out of the request log (warnings and errors only).
    logLevel: 'warn' as const,
    bodyLimit: 64 * 1024,
    schema: {
      tags,
      summary:
        'Wert webhook (application/json). The last path segment is WERT_WEBHOOK_SECRET (401 otherwise, no effect). ' +
        'order_complete pays the order once after verification (Wert Data API, amount and contract call against ours); ' +
        'order_failed / order_canceled fail it and give its stock back; payment_started holds it; other events are ignored.',
      params: z.object({ secret: z.string().max(256).optional() }),
      response: { 200: WertWebhookResponseSchema, ...errors },
    },
  };
  const receive = async (secret: string | undefined, body: unknown, log: typeof app.log) => {
    const result = await widget.webhook(secret, body);
    log.info({ result }, 'wert webhook');
    return { received: true as const, handled: result.handled };
  };
  app.post('/api/wert/webhook', webhook, async (req) => receive(undefined, req.body, req.log));
  app.post('/api/wert/webhook/:secret', webhook, async (req) => receive(req.params.secret, req.body, req.log));
};
