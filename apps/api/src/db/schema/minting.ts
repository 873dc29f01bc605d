import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** What the server mints: land collections and ship copies (unit pieces join later). */
export const MINT_ASSET_KINDS = ['land_collection', 'ship'] as const;
export type MintAssetKind = (typeof MINT_ASSET_KINDS)[number];

/**
 * queued: nothing signed yet; sent: a transaction is signed and its hash recorded (it may or
 * may not have reached the chain); confirmed: the token exists; failed: given up, with why.
 */
export const MINT_STATUSES = ['queued', 'sent', 'confirmed', 'failed'] as const;
export type MintStatus = (typeof MINT_STATUSES)[number];

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(','));

/**
 * One mint per asset (docs/decisions/0049), owned by the minting module. The unique key on
 * (asset_kind, asset_id) is what keeps two requests or two workers to one mint; tx_hash is
 * written BEFORE the transaction is broadcast, so a crash between the two loses nothing.
 */
export const mintAttempts = pgTable(
  'mint_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    assetKind: text('asset_kind').notNull(),
    assetId: bigint('asset_id', { mode: 'number' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    chainId: integer('chain_id').notNull(),
    /** lower-cased NFT contract */
    contract: text('contract').notNull(),
    /** decimal token id (uint256) */
    tokenId: text('token_id').notNull(),
    /** lower-cased wallet the token is minted to */
    recipient: text('recipient').notNull(),
    status: text('status').notNull().default('queued'),
    /** the signed transaction's hash, recorded before it is sent */
    txHash: text('tx_hash'),
    /** the signed transaction itself: a retry sends these same bytes again, never a second mint */
    rawTx: text('raw_tx'),
    /** its nonce: held by this mint while it is `sent` (minter_nonces) */
    nonce: bigint('nonce', { mode: 'number' }),
    /** bumped each time a job is queued for this mint; part of the job's dedupe key */
    queueRound: integer('queue_round').notNull().default(1),
    /** why a mint failed for good (shown to the player as "Minting failed": …) */
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mint_attempts_asset_key').on(t.assetKind, t.assetId),
    index('mint_attempts_user_idx').on(t.userId),
    check('mint_attempts_status_ck', sql`${t.status} IN (${list(MINT_STATUSES)})`),
    check('mint_attempts_kind_ck', sql`${t.assetKind} IN (${list(MINT_ASSET_KINDS)})`),
    check('mint_attempts_sent_ck', sql`${t.status} NOT IN ('sent', 'confirmed') OR ${t.txHash} IS NOT NULL`),
  ],
);

/**
 * One row per chain and minter: signing takes its lock, so two workers never sign with one
 * nonce, even before either has broadcast (the chain's 'pending' count cannot see a transaction
 * that is recorded but not sent yet; the open mints' recorded nonces can). `next_nonce` is the
 * last nonce handed out plus one, kept for the record.
 */
export const minterNonces = pgTable(
  'minter_nonces',
  {
    chainId: integer('chain_id').notNull(),
    /** lower-cased minter address */
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull(),
  },
  (t) => [uniqueIndex('minter_nonces_key').on(t.chainId, t.address)],
);

/**
 * POST /api/mint/status: what a browser says about a mint it watched. A log for support only:
 * nothing reads it to decide a mint's state (the chain decides).
 */
export const mintReports = pgTable(
  'mint_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenId: text('token_id'),
    txHash: text('tx_hash'),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    status: text('status'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mint_reports_user_idx').on(t.userId, t.createdAt.desc())],
);
