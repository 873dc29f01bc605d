import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { BRAND_ICON_SVG } from '@starport/schemas';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { checkoutPage, type PageNotice } from './sandbox-page.ts';
import { awaitFirstAttempt, closeAndQueueEvent } from './sandbox-outbox.ts';
import { findSession, type SandboxSession } from './sandbox-sessions.ts';

const ParamsSchema = z.object({ id: z.string().regex(/^cs_sandbox_[A-Za-z0-9_-]{10,64}$/) });

type SandboxOptions = { db: Db };

/**
 * The sandbox card provider's hosted checkout (registered only while the sandbox is the card
 * provider). Pay and Abandon close the session and queue the signed event Stripe would send to
 * our own webhook (sandbox-outbox.ts: delivered by a job, retried until taken), then send the
 * browser where Stripe would; Decline keeps the session open, as a declined card does.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsync<SandboxOptions> = async (app, { db }) => {
  // Forms post application/x-www-form-urlencoded with no fields: nothing to read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, _body, done) => done(null, {}),
  );

  const page = (reply: FastifyReply, s: SandboxSession, notice: PageNotice, status = 200) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(checkoutPage(s, notice));

  const load = async (params: unknown, reply: FastifyReply) => {
    const parsed = ParamsSchema.safeParse(params);
    const s = parsed.success ? await findSession(db, parsed.data.id) : undefined;
    if (!s) void reply.status(404).type('text/plain; charset=utf-8').send('No such checkout session.');
    return s;
  };

  /**
   * Closes the session once, with its event queued in the same transaction, then gives the
   * job a moment to deliver it so that the result page usually finds the order settled.
   * Whether or not it did, the browser goes where Stripe sends it: Stripe redirects once the
   * card is charged, whatever its webhooks do, and the result page (apps/web
   * card-payment-result-page) shows a pending order as "Waiting for the payment
   * confirmation…", asking again every 2 s (a cancel return shows "not paid" either way). The
   * session is never reopened: it is complete, and the queued event will say so; reopening it
   * (as this once did) is what let a crash lose a payment.
   */
  const finish = async (reply: FastifyReply, s: SandboxSession, to: 'complete' | 'expired') => {
    const closed = await closeAndQueueEvent(db, s.id, to);
    if (!closed) return page(reply, (await findSession(db, s.id)) ?? s, null, 409);
    // The API's own worker runs it now; a separate `npm run worker` finds it at its next poll.
    app.jobs.wake();
    const state = await awaitFirstAttempt(db, s.id);
    if (state !== 'delivered')
      reply.log.warn({ session: s.id, state }, 'sandbox: event not delivered yet; its job retries');
    return reply.redirect(to === 'complete' ? closed.successUrl : closed.cancelUrl, 303);
  };

  const opts = { schema: { hide: true } };
  // The page's favicon, the web app's own icon: without it the browser's guess is a 404.
  app.get('/favicon.svg', opts, async (_req, reply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(BRAND_ICON_SVG),
  );
  app.get('/checkout/:id', opts, async (req, reply) => {
    const s = await load(req.params, reply);
    if (s) return page(reply, s, null);
  });
  app.post('/checkout/:id/pay', opts, async (req, reply) => {
    const s = await load(req.params, reply);
    if (s) return finish(reply, s, 'complete');
  });
  app.post('/checkout/:id/abandon', opts, async (req, reply) => {
    const s = await load(req.params, reply);
    if (s) return finish(reply, s, 'expired');
  });
  app.post('/checkout/:id/decline', opts, async (req, reply) => {
    const s = await load(req.params, reply);
    // Stripe's page stays open after a decline so that another card can be tried; so does ours.
    if (s)
      return page(
        reply,
        s,
        s.status === 'open' ? { kind: 'error', text: 'Your card was declined.' } : null,
        s.status === 'open' ? 402 : 409,
      );
  });
};
