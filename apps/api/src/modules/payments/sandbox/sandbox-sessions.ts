import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { queryRows, type Db, type DbOrTx } from '../../../db/client.ts';
import { sandboxSessions } from '../../../db/schema/index.ts';
import { sumOf } from '../checkout-session.ts';
import type { CheckoutClient } from '../checkout-client.ts';

export type SandboxSession = typeof sandboxSessions.$inferSelect;
export type SandboxLine = { name: string; description: string | null; unit_amount: number; quantity: number };

export const SANDBOX_PATH = '/sandbox/stripe/checkout';
/** The shop's icon, served beside the hosted checkout as its favicon. */
export const SANDBOX_ICON_PATH = '/sandbox/stripe/favicon.svg';

/**
 * The sandbox's stand-in for stripe.checkout.sessions.create: the session is a row, its
 * amount_total is computed from the line items as Stripe computes it, and its url is the
 * sandbox's own hosted page.
 */
export function sandboxCheckoutClient(db: Db, publicUrl: string): CheckoutClient {
  return {
    async createSession(params) {
      const code = params.client_reference_id;
      if (!code) throw new Error('sandbox: client_reference_id must name an order');
      const lines: SandboxLine[] = (params.line_items ?? []).map((i) => ({
        name: i.price_data?.product_data?.name ?? 'Item',
        description: i.price_data?.product_data?.description ?? null,
        unit_amount: i.price_data?.unit_amount ?? 0,
        quantity: i.quantity ?? 1,
      }));
      const id = `cs_sandbox_${randomBytes(18).toString('base64url')}`;
      const amountTotal = sumOf(params.line_items ?? []);
      const expiresAt = new Date((params.expires_at ?? Math.floor(Date.now() / 1000) + 86_400) * 1000);
      // One statement: the session row is written only if the order it names exists.
      const written = await queryRows<{ id: string }>(
        db,
        sql`INSERT INTO sandbox_checkout_sessions
              (id, order_id, client_reference_id, amount_total, currency, line_items, metadata, success_url, cancel_url, expires_at)
            SELECT ${id}, o.id, ${code}, ${amountTotal}, ${params.currency ?? 'usd'}, ${JSON.stringify(lines)}::jsonb,
                   ${JSON.stringify(params.metadata ?? {})}::jsonb, ${params.success_url ?? publicUrl},
                   ${params.cancel_url ?? publicUrl}, ${expiresAt.toISOString()}::timestamptz
            FROM orders o WHERE o.code = ${code}
            RETURNING id`,
      );
      if (written.length === 0) throw new Error('sandbox: client_reference_id must name an order');
      return { id, url: `${publicUrl}${SANDBOX_PATH}/${id}`, amount_total: amountTotal };
    },
    async openSessionUrl(id) {
      const s = await findSession(db, id);
      return s && s.status === 'open' && s.expiresAt.getTime() > Date.now() ? `${publicUrl}${SANDBOX_PATH}/${id}` : null;
    },
  };
}

export async function findSession(db: Db, id: string): Promise<SandboxSession | undefined> {
  const [row] = await db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id));
  return row;
}

/**
 * open → complete or expired, once: of two clicks (or two tabs) only one wins, so only one
 * event is sent. Returns the session as it now is, or null when it was not open (or lapsed).
 * Runs in the caller's transaction, which queues the event with it (sandbox-outbox.ts).
 */
export async function closeSession(db: DbOrTx, id: string, to: 'complete' | 'expired'): Promise<SandboxSession | null> {
  const [row] = await db
    .update(sandboxSessions)
    .set({ status: to })
    .where(and(eq(sandboxSessions.id, id), eq(sandboxSessions.status, 'open'), sql`expires_at > now()`))
    .returning();
  return row ?? null;
}

/** The session as Stripe would put it in an event (the fields our webhook reads, and a few more). */
export function asStripeSession(s: SandboxSession, paymentStatus: 'paid' | 'unpaid'): Stripe.Checkout.Session {
  return {
    id: s.id,
    object: 'checkout.session',
    mode: 'payment',
    status: s.status === 'open' ? 'open' : s.status === 'complete' ? 'complete' : 'expired',
    payment_status: paymentStatus,
    amount_total: s.amountTotal,
    amount_subtotal: s.amountTotal,
    currency: s.currency,
    client_reference_id: s.clientReferenceId,
    metadata: s.metadata as Record<string, string>,
    success_url: s.successUrl,
    cancel_url: s.cancelUrl,
    expires_at: Math.floor(s.expiresAt.getTime() / 1000),
    created: Math.floor(s.createdAt.getTime() / 1000),
    livemode: false,
  } as unknown as Stripe.Checkout.Session;
}
