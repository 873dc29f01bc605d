import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
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

/**
 * One row per Idempotency-Key a player sent to a payment-opening call (docs/decisions/0025).
 * The primary key is what makes a repeat open no second order: of two requests with the same
 * key, only one INSERT succeeds; the other waits for `answer` and sends it again.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha-256 of the method, path and body: the same key with another request is refused */
    fingerprint: text('fingerprint').notNull(),
    /**
     * the first request's answer (its 200 body as JSON text, not jsonb: a repeat must get the
     * same bytes, and jsonb reorders keys); null while it still runs
     */
    answer: text('answer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** after this the key is forgotten and may start a new request */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.key] }),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);
