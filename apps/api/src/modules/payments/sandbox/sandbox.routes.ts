import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { BRAND_ICON_SVG } from '@starport/schemas';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { checkoutPage, type PageNotice } from './sandbox-page.ts';
import { deliver, signedEvent, type SandboxEventType } from './sandbox-events.ts';
import { closeSession, findSession, reopenSession, type SandboxSession } from './sandbox-sessions.ts';

const ParamsSchema = z.object({ id: z.string().regex(/^cs_sandbox_[A-Za-z0-9_-]{10,64}$/) });

type SandboxOptions = { db: Db; publicUrl: string; webhookSecret: string };

/**
 * The sandbox card provider's hosted checkout (registered only while the sandbox is the card
 * provider). Pay and Abandon send the signed event Stripe would send to our own webhook, then
 * send the browser where Stripe would; Decline keeps the session open, as a declined card does.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsync<SandboxOptions> = async (
  app,
  { db, publicUrl, webhookSecret },
) => {
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

  /** Closes the session once and tells our webhook; on a failed delivery the session reopens. */
  const finish = async (reply: FastifyReply, s: SandboxSession, to: 'complete' | 'expired', type: SandboxEventType) => {
    const closed = await closeSession(db, s.id, to);
    if (!closed) return page(reply, (await findSession(db, s.id)) ?? s, null, 409);
    if (!(await deliver(app, publicUrl, signedEvent(closed, type, webhookSecret)))) {
      await reopenSession(db, s.id);
      return page(reply, s, { kind: 'error', text: 'The payment could not be confirmed. Please try again.' }, 502);
    }
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
    if (s) return finish(reply, s, 'complete', 'checkout.session.completed');
  });
  app.post('/checkout/:id/abandon', opts, async (req, reply) => {
    const s = await load(req.params, reply);
    if (s) return finish(reply, s, 'expired', 'checkout.session.expired');
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
