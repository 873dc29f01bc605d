import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { houseUnits, ships } from './catalogue-items.ts';
import { ginConversions } from './gin.ts';
import { orderLines, orders } from './orders.ts';

/**
 * What players own. The `assets` module (modules/assets) alone writes these tables; other
 * areas (order fulfilment, later the owned-asset areas) call its front door inside their own
 * transaction. Every row that comes from an order names its order line, and the unique keys
 * on (line, copy) make a fulfilment that runs twice grant once.
 */

/** Where a copy of a ship is: free to use, or held by one thing at a time. */
export const SHIP_STATES = ['available', 'listed', 'penguin', 'staked', 'minting', 'minted'] as const;
export type ShipState = (typeof SHIP_STATES)[number];

/** A ship in a player's hangar: one row per copy (a shop line of 3 gives 3 rows). */
export const ownedShips = pgTable(
  'owned_ships',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    shipId: integer('ship_id')
      .notNull()
      .references(() => ships.id),
    source: text('source').notNull(),
    orderLineId: bigint('order_line_id', { mode: 'number' }).references(() => orderLines.id),
    /** which copy of its order line (0-based) */
    copyIndex: integer('copy_index').notNull().default(0),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What this copy is doing: 'available' to its owner, or held by one use (listed on the
     * marketplace, assigned to a penguin, staked, being minted, minted on chain). Only
     * assets.lockShip / releaseShip move it, from the state they expect.
     */
    state: text('state', { enum: SHIP_STATES }).notNull().default('available'),
    /**
     * While state is 'minting': 'lock' until the player reports the fee's transfer, then
     * 'verify_payment' until the token is on chain (owned-assets.md §3, §4.2). Null otherwise.
     */
    mintStage: text('mint_stage'),
    /** the transaction that minted this copy as a ShipNFT (state 'minted') */
    mintTx: text('mint_tx'),
    /** set when the ship leaves the player (sold on the marketplace) */
    disposedAt: timestamp('disposed_at', { withTimezone: true }),
    /** what the player paid for this copy (its order line's unit price), USD micro-units; null when granted */
    paidMicro: bigint('paid_micro', { mode: 'number' }),
  },
  (t) => [
    check('owned_ships_source_ck', sql`${t.source} IN ('shop', 'blindbox', 'marketplace', 'grant')`),
    check(
      'owned_ships_state_ck',
      sql`${t.state} IN ('available', 'listed', 'penguin', 'staked', 'minting', 'minted')`,
    ),
    check('owned_ships_copy_ck', sql`${t.copyIndex} >= 0`),
    check(
      'owned_ships_mint_stage_ck',
      sql`${t.mintStage} IS NULL OR (${t.state} = 'minting' AND ${t.mintStage} IN ('lock', 'verify_payment'))`,
    ),
    uniqueIndex('owned_ships_line_copy_key').on(t.orderLineId, t.copyIndex),
    index('owned_ships_user_idx').on(t.userId, t.acquiredAt.desc(), t.id.desc()),
    index('owned_ships_ship_idx').on(t.shipId),
  ],
);

/** The DNC (in-game currency) balance: a ledger, the balance is its sum. */
export const dncLedger = pgTable(
  'dnc_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    orderLineId: bigint('order_line_id', { mode: 'number' }).references(() => orderLines.id),
    /** the Gin conversion this credit is (one per conversion) */
    ginConversionId: bigint('gin_conversion_id', { mode: 'number' }).references(() => ginConversions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('dnc_ledger_amount_ck', sql`${t.amount} <> 0`),
    uniqueIndex('dnc_ledger_line_key').on(t.orderLineId),
    uniqueIndex('dnc_ledger_gin_key').on(t.ginConversionId),
    index('dnc_ledger_user_idx').on(t.userId),
  ],
);

/** Container-house unit pieces a player bought (minted on chain later by the chain layer). */
export const ownedHousePieces = pgTable(
  'owned_house_pieces',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    apartment: smallint('apartment')
      .notNull()
      .references(() => houseUnits.apartment),
    pieces: integer('pieces').notNull(),
    orderLineId: bigint('order_line_id', { mode: 'number' }).references(() => orderLines.id),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
    /** what the player paid per piece, USD micro-units; null when granted */
    paidMicro: bigint('paid_micro', { mode: 'number' }),
  },
  (t) => [
    check('owned_house_pieces_pieces_ck', sql`${t.pieces} > 0`),
    uniqueIndex('owned_house_pieces_line_key').on(t.orderLineId),
    index('owned_house_pieces_user_idx').on(t.userId),
  ],
);

/**
 * minting: the pieces are off the player's off-chain balance and on their way to the wallet;
 * minted: they are HouseUnits tokens now (the chain is the record from here on);
 * returned: the mint failed for good and the pieces are back on the off-chain balance.
 */
export const HOUSE_PIECE_WITHDRAWAL_STATUSES = ['minting', 'minted', 'returned'] as const;
export type HousePieceWithdrawalStatus = (typeof HOUSE_PIECE_WITHDRAWAL_STATUSES)[number];

/**
 * Pieces of one apartment a player withdrew to their wallet as HouseUnits tokens (decision
 * 0051): token id = the apartment's unit type, one token per piece. owned_house_pieces stays
 * the record of what was granted; the off-chain balance is grants minus the withdrawals that
 * are not `returned`.
 */
export const housePieceWithdrawals = pgTable(
  'house_piece_withdrawals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    apartment: smallint('apartment')
      .notNull()
      .references(() => houseUnits.apartment),
    /** the apartment's unit type, 1..5: the HouseUnits token id */
    unitType: smallint('unit_type').notNull(),
    pieces: integer('pieces').notNull(),
    status: text('status').notNull().default('minting'),
    /** the mint's transaction once minted */
    txHash: text('tx_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('house_piece_withdrawals_pieces_ck', sql`${t.pieces} > 0`),
    check('house_piece_withdrawals_type_ck', sql`${t.unitType} BETWEEN 1 AND 5`),
    check('house_piece_withdrawals_status_ck', sql`${t.status} IN ('minting', 'minted', 'returned')`),
    index('house_piece_withdrawals_user_idx').on(t.userId, t.apartment),
  ],
);

/**
 * Land credit: a ledger, the balance is its sum. A top-up's credit names its order line
 * (unique), so a paid top-up credits once however often its fulfilment runs.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    orderLineId: bigint('order_line_id', { mode: 'number' }).references(() => orderLines.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId), uniqueIndex('credit_ledger_line_key').on(t.orderLineId)],
);

/**
 * What a player's marketplace sales paid them: one row per sold listing (unique, so a sale is
 * credited once however often its fulfilment runs), USD micro-units: the price the buyer paid,
 * the marketplace's fee and the seller's net (price − fee).
 */
export const sellerProceeds = pgTable(
  'seller_proceeds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** the sold listing (marketplace_listings.id) */
    listingId: bigint('listing_id', { mode: 'number' }).notNull(),
    orderLineId: bigint('order_line_id', { mode: 'number' })
      .notNull()
      .references(() => orderLines.id),
    priceMicro: bigint('price_micro', { mode: 'number' }).notNull(),
    feeMicro: bigint('fee_micro', { mode: 'number' }).notNull(),
    netMicro: bigint('net_micro', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('seller_proceeds_sum_ck', sql`${t.feeMicro} >= 0 AND ${t.netMicro} >= 0 AND ${t.priceMicro} = ${t.feeMicro} + ${t.netMicro}`),
    uniqueIndex('seller_proceeds_listing_key').on(t.listingId),
    index('seller_proceeds_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * What players earn from the players they referred: one row per paid order of a referred
 * player, a share of what that order charged (decision 0041). The order is the unique key,
 * so an order rewards its buyer's referrer once however often its fulfilment runs.
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** who earns: the player whose referral link the buyer arrived with */
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id),
    /** what the order charged, and how many items it held */
    volumeMicro: bigint('volume_micro', { mode: 'number' }).notNull(),
    items: integer('items').notNull(),
    shareBps: integer('share_bps').notNull(),
    rewardMicro: bigint('reward_micro', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('referral_rewards_amounts_ck', sql`${t.volumeMicro} >= 0 AND ${t.rewardMicro} >= 0 AND ${t.items} >= 0`),
    check('referral_rewards_share_ck', sql`${t.shareBps} BETWEEN 0 AND 10000`),
    check('referral_rewards_not_self_ck', sql`${t.referrerId} <> ${t.buyerId}`),
    uniqueIndex('referral_rewards_order_key').on(t.orderId),
    index('referral_rewards_referrer_idx').on(t.referrerId, t.buyerId),
  ],
);
