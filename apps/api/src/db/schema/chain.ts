import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ginConversions } from './gin.ts';
import { orders } from './orders.ts';

/**
 * Sign-In with Ethereum (EIP-4361) nonces (docs/decisions/0020). A nonce is issued for one
 * address and one purpose, with the exact message the wallet is asked to sign; it works once
 * (used_at is set by a conditional UPDATE, so two submissions at once cannot both pass) and
 * lapses after a few minutes. Kept in the database: any API copy may verify what another issued.
 */
export const walletNonces = pgTable(
  'wallet_nonces',
  {
    /** random, alphanumeric (EIP-4361 asks for at least 8 characters) */
    nonce: text('nonce').primaryKey(),
    /** lower-cased 0x address the nonce was issued for */
    address: text('address').notNull(),
    /** sign_in: GET /api/web3_login/{wallet}/nonce; link: a signed-in player linking this wallet */
    purpose: text('purpose').notNull().default('sign_in'),
    /** the player who asked to link (purpose 'link') */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** the EIP-4361 message as issued */
    message: text('message').notNull(),
    chainId: integer('chain_id').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('wallet_nonces_address_idx').on(t.address),
    check('wallet_nonces_purpose_ck', sql`${t.purpose} IN ('sign_in', 'link')`),
    check('wallet_nonces_link_user_ck', sql`${t.purpose} <> 'link' OR ${t.userId} IS NOT NULL`),
  ],
);

const CRYPTO_STATUSES = `'awaiting_transfer','verifying','paid','failed','review'`;

/**
 * A crypto payment session (a quote) for one order: pay `amount_base` of the token at
 * `token_address` on `chain_id` to `recipient`, from `payer` (the player's linked wallet),
 * before `expires_at`. The browser reports its transaction hash; a job verifies it on chain
 * (docs/decisions/0021) and only then is the order paid.
 */
export const cryptoPayments = pgTable(
  'crypto_payments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** public session id ('cp_' + random), the spec's `tid` */
    tid: text('tid').notNull(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** cart | item | listing | topup | ship_mint: which call opened it (shop_payment, payment, marketplace/buy_session, credit/payment, minting/request) */
    kind: text('kind').notNull(),
    chainId: integer('chain_id').notNull(),
    /** lower-cased ERC-20 contract (USDC) */
    tokenAddress: text('token_address').notNull(),
    tokenDecimals: integer('token_decimals').notNull(),
    /** lower-cased address the transfer must reach */
    recipient: text('recipient').notNull(),
    /** lower-cased address the transfer must come from: the player's linked wallet when quoted */
    payer: text('payer').notNull(),
    /** the order total in the token's base units (USDC: 6 decimals) */
    amountBase: bigint('amount_base', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('awaiting_transfer'),
    /** the transaction the browser reported (lower-cased 0x hash) */
    txHash: text('tx_hash'),
    /** why it failed or went to review, for the player and the operator */
    failure: text('failure'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * the chain's head block when the quote was made: a transfer mined in it or before was sent
     * before this payment existed and cannot pay it (null: quoted before this was recorded)
     */
    quoteBlock: bigint('quote_block', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crypto_payments_tid_key').on(t.tid),
    index('crypto_payments_order_idx').on(t.orderId),
    check('crypto_payments_status_ck', sql`${t.status} IN (${sql.raw(CRYPTO_STATUSES)})`),
    check('crypto_payments_kind_ck', sql`${t.kind} IN ('cart', 'item', 'listing', 'topup', 'ship_mint')`),
    check('crypto_payments_amount_ck', sql`${t.amountBase} > 0`),
  ],
);

/**
 * Every on-chain transfer that paid for something: (chain, tx hash, log index) is the key, so
 * one transfer credits once, even when two orders race for it (QUALITY.md "Crypto payments"),
 * and across areas: it is an order payment's or a Gin conversion's, never both (decision 0053).
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    cryptoPaymentId: bigint('crypto_payment_id', { mode: 'number' }).references(() => cryptoPayments.id),
    ginConversionId: bigint('gin_conversion_id', { mode: 'number' }).references(() => ginConversions.id),
    tokenAddress: text('token_address').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    amountBase: bigint('amount_base', { mode: 'bigint' }).notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    /** the decoded log as read, for the operator */
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txHash, t.logIndex] }),
    uniqueIndex('chain_transfers_payment_key').on(t.cryptoPaymentId),
    uniqueIndex('chain_transfers_gin_key').on(t.ginConversionId),
    check('chain_transfers_one_owner_ck', sql`num_nonnulls(${t.cryptoPaymentId}, ${t.ginConversionId}) = 1`),
  ],
);
