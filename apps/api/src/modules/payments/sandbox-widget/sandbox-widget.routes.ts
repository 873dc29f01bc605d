import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { WidgetSetup } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { publicKeyOf } from '../wert-signing.ts';
import { deliverWertEvent, newTxId, sandboxEvent, sandboxIds, type SandboxWertEventType } from './widget-events.ts';
import { sandboxWidgetOrder } from './widget-order.ts';
import { widgetPage } from './widget-page.ts';
import { checkWidgetRequest, type Checked } from './widget-request.ts';
import { isPaidOrderStatus } from '@starport/schemas';

type SandboxWidgetOptions = { db: Db; publicUrl: string; setup: WidgetSetup };

const asset = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');

/**
 * The page may be framed by our own site only; its script and style are files of this origin.
 * (The API's default CSP says frame-ancestors 'none': this page is the one that is framed.)
 */
const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

/**
 * The sandbox widget (registered only while the sandbox is the widget provider), at the address
 * WertWidget builds from origin {PUBLIC_URL}/sandbox/wert: GET /{partnerId}/widget?click_id&…
 * Pay and Fail send our own webhook the event Wert would send, over HTTP, then tell the page.
 */
export const sandboxWidgetRoutes: FastifyPluginAsync<SandboxWidgetOptions> = async (app, { db, publicUrl, setup }) => {
  const publicKey = publicKeyOf(setup.privateKey);
  const script = asset('./widget-client.js');
  const style = asset('./widget.css');
  const opts = { schema: { hide: true } };

  app.get('/widget.js', opts, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(script),
  );
  app.get('/widget.css', opts, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(style),
  );

  app.get('/:partnerId/widget', opts, async (req, reply) => {
    const { partnerId } = req.params as { partnerId: string };
    const query = req.query as Record<string, unknown>;
    const checked: Checked =
      partnerId === setup.partnerId
        ? checkWidgetRequest(query, publicKey)
        : { ok: false, name: 'UnknownPartner', message: 'This widget was opened with an unknown partner id.' };
    const order = checked.ok ? await sandboxWidgetOrder(db, checked.code) : null;
    let error = checked.ok ? null : { name: checked.name, message: checked.message };
    if (checked.ok && (!order || order.totalMicro !== checked.amountMicro))
      error = { name: 'UnknownOrder', message: 'This payment request names no order of this shop.' };
    const html = widgetPage({
      order: error ? null : order,
      error,
      awaitData: query.await_data === 'true',
      commodity: setup.commodity,
      network: setup.network,
      ids: !error && order ? sandboxIds(setup.webhookSecret, order.code) : null,
    });
    return reply
      .status(error ? 400 : 200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', PAGE_CSP)
      .header('x-frame-options', 'SAMEORIGIN')
      .send(html);
  });

  /** What pay and fail answer: the order's status and whether it is paid (any paid status, not only 'paid'). */
  const answer = (status: string, ids: ReturnType<typeof sandboxIds>, txId: string | null, code: string) => ({
    error: false,
    status,
    // Fulfilment may already have run in-process: fulfilled (or refunded) is paid too.
    paid: isPaidOrderStatus(status),
    order_id: ids.orderId,
    payment_id: ids.paymentId,
    tx_id: txId,
    click_id: code,
  });

  /** Pay or fail: the request must be the one our server signed, for a pending order (pay: or one already paid). */
  const settle = async (body: unknown, reply: FastifyReply, types: SandboxWertEventType[]) => {
    const checked = checkWidgetRequest(body, publicKey);
    if (!checked.ok) return reply.status(400).send({ error: true, code: 'BAD_REQUEST', msg: checked.message });
    const order = await sandboxWidgetOrder(db, checked.code);
    if (!order)
      return reply
        .status(404)
        .send({ error: true, code: 'NOT_FOUND', msg: 'This payment request names no order of this shop.' });
    const ids = sandboxIds(setup.webhookSecret, checked.code);
    const paying = types.includes('order_complete');
    // Pay pressed again for an order already paid (a lost answer, a second tab): it is paid, not refused.
    if (paying && isPaidOrderStatus(order.status))
      return answer(order.status, ids, null, checked.code);
    if (order.status !== 'pending')
      return reply
        .status(409)
        .send({ error: true, code: 'CONFLICT', msg: `This order is ${order.status} and can no longer be paid.` });
    const txId = paying ? newTxId() : null;
    for (const type of types) {
      if (
        !(await deliverWertEvent(app, publicUrl, setup.webhookSecret, sandboxEvent(type, checked.request, ids, txId)))
      )
        return reply.status(502).send({
          error: true,
          code: 'INTERNAL',
          msg: 'The shop could not be told about this payment. Please try again.',
        });
    }
    const after = await sandboxWidgetOrder(db, checked.code);
    return answer(after?.status ?? 'unknown', ids, txId, checked.code);
  };

  app.post('/api/pay', { ...opts, bodyLimit: 16 * 1024 }, async (req, reply) =>
    settle(req.body, reply, ['payment_started', 'order_complete']),
  );
  app.post('/api/fail', { ...opts, bodyLimit: 16 * 1024 }, async (req, reply) =>
    settle(req.body, reply, ['order_failed']),
  );
};
