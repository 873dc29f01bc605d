import type { CardProviderConfig } from '../../../config.ts';
import { PermanentJobError, type JobContext, type JobHandler } from '../../../jobs/queue.ts';
import { AppError } from '../../../lib/app-error.ts';
import { CardPayments } from '../card-payments.service.ts';
import { stripeWebhooks } from '../checkout-client.ts';
import type { OrderBook } from '../order-book.ts';
import { deliver, signEvent, type InProcessWebhook } from './sandbox-events.ts';
import { SandboxWebhookJobSchema } from './sandbox-outbox.ts';
import { sandboxCheckoutClient } from './sandbox-sessions.ts';

export type SandboxWebhookDeps = { card: CardProviderConfig; publicUrl: string; orders: OrderBook };

/**
 * Delivers a closed sandbox session's event to our webhook (sandbox-outbox.ts queued it), and
 * throws, so the queue retries with backoff, until the webhook takes it. Idempotent as the
 * queue requires: a repeat after a crash sends the same event id, which the webhook acts on
 * once (a second `completed` finds the order paid and changes nothing).
 */
export function sandboxWebhookJob(d: SandboxWebhookDeps): JobHandler {
  return async (payload, ctx) => {
    const job = SandboxWebhookJobSchema.safeParse(payload);
    if (!job.success) throw new PermanentJobError('not a sandbox webhook delivery');
    // Not a permanent failure: a process configured otherwise (a worker without the sandbox)
    // leaves the event to a retry on a process that has it, loudly, instead of dropping it.
    if (d.card.provider !== 'sandbox') throw new Error('the card sandbox is not this process’s card provider');
    const secret = d.card.webhookSecret;
    // Signed now, not when queued: a retry may come after the webhook's 5-minute tolerance.
    const event = signEvent(job.data.event, secret);
    if (!(await deliver(d.publicUrl, event, { log: ctx.log, inProcess: webhookInProcess(d, ctx, secret) })))
      throw new Error('the webhook did not take the event; it is sent again later, as Stripe would');
  };
}

/**
 * The webhook without HTTP, for when PUBLIC_URL cannot be reached from here: the same service
 * call the route makes (CardPayments.webhook: signature over the raw bytes, then the handler),
 * not `app.inject`. This runs in whichever process claims the job, the API's in-process worker
 * or `npm run worker`, and the second has no Fastify app; calling the service directly needs
 * none, so a delivery behaves the same wherever it runs instead of depending on who claimed it.
 */
function webhookInProcess(d: SandboxWebhookDeps, ctx: JobContext, secret: string): InProcessWebhook {
  return async (event) => {
    const card = new CardPayments({
      db: ctx.db,
      orders: d.orders,
      checkout: sandboxCheckoutClient(ctx.db, d.publicUrl),
      webhooks: stripeWebhooks,
      webhookSecret: secret,
      publicUrl: d.publicUrl,
      log: ctx.log,
    });
    try {
      await card.webhook(Buffer.from(event.payload), event.signature);
      return true;
    } catch (err) {
      // What the route would answer with a 4xx; anything else (the database away) is thrown as is.
      if (!(err instanceof AppError)) throw err;
      ctx.log.warn({ err: err.message }, 'sandbox: webhook refused the event in-process');
      return false;
    }
  };
}
