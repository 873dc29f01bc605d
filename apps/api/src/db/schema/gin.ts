import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const GIN_STATUSES = `'quoted','verifying','credited','failed','review','expired'`;

/**
 * Gin to DNC (docs/decisions/0053): a quote to burn `total_gin` Gin (`amount_base` in the
 * token's base units) of `token_address` on `chain_id`, sent from `payer` (the player's linked
 * wallet when quoted) to `burn_address`, for `dnc` DNC. The browser reports its transaction;
 * the server alone decides from the chain, and credits once (chain_transfers, dnc_ledger).
 */
export const ginConversions = pgTable(
  'gin_conversions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** public id ('gc_' + random), the spec's `tid` */
    tid: text('tid').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    chainId: integer('chain_id').notNull(),
    /** lower-cased Gin contract on that chain */
    tokenAddress: text('token_address').notNull(),
    tokenDecimals: integer('token_decimals').notNull(),
    /** lower-cased address the Gin must reach */
    burnAddress: text('burn_address').notNull(),
    /** lower-cased address the Gin must come from */
    payer: text('payer').notNull(),
    totalGin: integer('total_gin').notNull(),
    amountBase: bigint('amount_base', { mode: 'bigint' }).notNull(),
    dnc: bigint('dnc', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('quoted'),
    /** the transaction the browser reported (lower-cased 0x hash) */
    txHash: text('tx_hash'),
    /** why it failed or went to review, a sentence for the player */
    failure: text('failure'),
    /** the chain's head when quoted: a transfer mined in it or before cannot be this conversion's */
    quoteBlock: bigint('quote_block', { mode: 'bigint' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    /** the operator's note when deciding a conversion in review (decision 0071); a failed one shows it in `failure` */
    reviewNote: text('review_note'),
    /** when an operator decided it; null for every conversion the chain alone decided */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gin_conversions_tid_key').on(t.tid),
    index('gin_conversions_user_idx').on(t.userId, t.createdAt),
    // The operator's list (decision 0071): few rows wait for review among all conversions ever made.
    index('gin_conversions_review_idx').on(t.updatedAt, t.id).where(sql`${t.status} = 'review'`),
    check('gin_conversions_status_ck', sql`${t.status} IN (${sql.raw(GIN_STATUSES)})`),
    check('gin_conversions_amount_ck', sql`${t.totalGin} > 0 AND ${t.amountBase} > 0 AND ${t.dnc} > 0`),
  ],
);

/** The browser's step log (owned-assets.md §4.5): kept for support, never credits anything. */
export const ginConversionSteps = pgTable(
  'gin_conversion_steps',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    conversionId: bigint('conversion_id', { mode: 'number' })
      .notNull()
      .references(() => ginConversions.id, { onDelete: 'cascade' }),
    step: smallint('step').notNull(),
    /** what the browser sent with the step, as sent (payload, result, content) */
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gin_conversion_steps_conversion_idx').on(t.conversionId)],
);
