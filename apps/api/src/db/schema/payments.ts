import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { orders } from './orders.ts';

/**
 * Checkout sessions of the sandbox card provider (used when no Stripe keys are configured;
 * docs/decisions/0015). It stores what Stripe would store for a session, so that its hosted
 * page can show the lines and total and its events carry the same fields. The order links
 * to a session through orders.provider_session_id, as with Stripe.
 */
export const sandboxSessions = pgTable(
  'sandbox_checkout_sessions',
  {
    /** 'cs_sandbox_' + random: never a Stripe id */
    id: text('id').primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    clientReferenceId: text('client_reference_id'),
    /** in cents, computed from the line items as Stripe does */
    amountTotal: bigint('amount_total', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** [{ name, unit_amount, quantity }] */
    lineItems: jsonb('line_items').notNull(),
    metadata: jsonb('metadata').notNull().default({}),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    /** open → complete (paid) or expired (abandoned); a decline leaves it open */
    status: text('status').notNull().default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('sandbox_checkout_sessions_status_ck', sql`${t.status} IN ('open', 'complete', 'expired')`),
    check('sandbox_checkout_sessions_amount_ck', sql`${t.amountTotal} >= 0`),
  ],
);
