import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { blindBoxes } from './catalogue-items.ts';
import { marketplaceListings, shopStock } from './catalogue-market.ts';
import { ownedShips } from './holdings.ts';

/**
 * Orders and their stock reservations (docs/decisions/0014). Statuses and their transitions
 * live in modules/orders/order-states.ts; the checks here are a backstop for what the code
 * already guarantees. Money is integer micro-units (USD × 10⁶).
 */
const STATUSES = `'pending','paid','fulfilled','expired','failed','cancelled','refunded'`;

export const orders = pgTable(
  'orders',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** public, random: 'SP-' + 10 Crockford base-32 characters */
    code: text('code').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    method: text('method').notNull(),
    /** who runs the payment session (stripe, sandbox, wert, …) and its id there; set once a session exists */
    provider: text('provider'),
    providerSessionId: text('provider_session_id'),
    currency: text('currency').notNull().default('USD'),
    totalsubMicro: bigint('totalsub_micro', { mode: 'bigint' }).notNull(),
    discountMicro: bigint('discount_micro', { mode: 'bigint' }).notNull(),
    totalMicro: bigint('total_micro', { mode: 'bigint' }).notNull(),
    /** the volume discount in basis points (12.5 % → 1250) */
    discountBps: integer('discount_bps').notNull(),
    /** a payment arrived that we could not accept (late, wrong amount): an operator looks */
    needsReview: boolean('needs_review').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
  },
  (t) => [
    check('orders_status_ck', sql`${t.status} IN (${sql.raw(STATUSES)})`),
    check('orders_method_ck', sql`${t.method} IN ('card', 'widget', 'crypto')`),
    check('orders_currency_ck', sql`${t.currency} = 'USD'`),
    check(
      'orders_amounts_ck',
      sql`${t.discountMicro} >= 0 AND ${t.totalMicro} >= 0 AND ${t.totalMicro} = ${t.totalsubMicro} - ${t.discountMicro} AND ${t.discountBps} BETWEEN 0 AND 9000`,
    ),
    check('orders_paid_at_ck', sql`${t.status} NOT IN ('paid', 'fulfilled', 'refunded') OR ${t.paidAt} IS NOT NULL`),
    check('orders_fulfilled_at_ck', sql`${t.status} <> 'fulfilled' OR ${t.fulfilledAt} IS NOT NULL`),
    check('orders_session_ck', sql`${t.providerSessionId} IS NULL OR ${t.provider} IS NOT NULL`),
    uniqueIndex('orders_code_key').on(t.code),
    // A provider session pays for one order: a replayed or duplicated webhook finds that one.
    uniqueIndex('orders_provider_session_key').on(t.provider, t.providerSessionId),
    // GET /api/orders: the caller's orders, newest first.
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * What an order buys, with the name and price at the time it was opened. A land-credit line
 * (a top-up) holds nothing: credit has no stock; `quantity` is the credits bought.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    object: text('object').notNull(),
    shopStockId: integer('shop_stock_id').references(() => shopStock.id),
    blindBoxCode: text('blind_box_code').references(() => blindBoxes.code),
    /** a marketplace listing bought from its detail page (one per line) */
    listingId: bigint('listing_id', { mode: 'number' }).references(() => marketplaceListings.id),
    /** a ship copy the order converts to an NFT (a `ship_mint` line: the mint fee) */
    ownedShipId: bigint('owned_ship_id', { mode: 'number' }).references((): AnyPgColumn => ownedShips.id),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitSellPriceMicro: bigint('unit_sell_price_micro', { mode: 'bigint' }).notNull(),
    /** the listed (before-sale) price, so the order can be priced again exactly as it was */
    unitListPriceMicro: bigint('unit_list_price_micro', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    check(
      'order_lines_item_ck',
      sql`CASE ${t.object} WHEN 'spaceship' THEN ${t.shopStockId} IS NOT NULL AND ${t.blindBoxCode} IS NULL AND ${t.listingId} IS NULL AND ${t.ownedShipId} IS NULL
        WHEN 'blindbox' THEN ${t.blindBoxCode} IS NOT NULL AND ${t.shopStockId} IS NULL AND ${t.listingId} IS NULL AND ${t.ownedShipId} IS NULL
        WHEN 'listing' THEN ${t.listingId} IS NOT NULL AND ${t.shopStockId} IS NULL AND ${t.blindBoxCode} IS NULL AND ${t.ownedShipId} IS NULL AND ${t.quantity} = 1
        WHEN 'land_credit' THEN ${t.shopStockId} IS NULL AND ${t.blindBoxCode} IS NULL AND ${t.listingId} IS NULL AND ${t.ownedShipId} IS NULL AND ${t.quantity} >= 1
        WHEN 'ship_mint' THEN ${t.ownedShipId} IS NOT NULL AND ${t.shopStockId} IS NULL AND ${t.blindBoxCode} IS NULL AND ${t.listingId} IS NULL AND ${t.quantity} = 1
        ELSE false END`,
    ),
    check('order_lines_quantity_ck', sql`${t.quantity} > 0`),
    check('order_lines_price_ck', sql`${t.unitSellPriceMicro} >= 0 AND ${t.unitListPriceMicro} >= 0`),
    index('order_lines_order_idx').on(t.orderId),
  ],
);

/**
 * The payment log and every transition of an order. A transition has from/to statuses; a
 * log entry (browser report, refused late payment) has none. `provider_event_id`
 * ('<provider>:<event id>') records each provider event at most once.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    providerEventId: text('provider_event_id'),
    payload: jsonb('payload').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    uniqueIndex('order_events_provider_event_key')
      .on(t.providerEventId)
      .where(sql`provider_event_id IS NOT NULL`),
  ],
);

/**
 * Stock taken from shop_stock for a pending order. Taking it decrements shop_stock.stock in
 * the same transaction; giving it back sets released_at in the same statement that reads the
 * quantity to return, so each reservation is returned at most once. A paid order consumes
 * its reservations (the copies are sold).
 */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    shopStockId: integer('shop_stock_id')
      .notNull()
      .references(() => shopStock.id),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    check('stock_reservations_quantity_ck', sql`${t.quantity} > 0`),
    check('stock_reservations_settled_ck', sql`${t.releasedAt} IS NULL OR ${t.consumedAt} IS NULL`),
    unique('stock_reservations_order_stock_key').on(t.orderId, t.shopStockId),
  ],
);

/**
 * Blind boxes held by a pending order. Each box holds one of every tier of blind_box_tiers
 * (taken when the order opens); release gives them all back, the opening keeps the drawn one.
 */
export const blindBoxReservations = pgTable(
  'blind_box_reservations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    boxCode: text('box_code')
      .notNull()
      .references(() => blindBoxes.code),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    check('blind_box_reservations_quantity_ck', sql`${t.quantity} > 0`),
    check('blind_box_reservations_settled_ck', sql`${t.releasedAt} IS NULL OR ${t.consumedAt} IS NULL`),
    unique('blind_box_reservations_order_box_key').on(t.orderId, t.boxCode),
  ],
);

/**
 * A marketplace listing held by a pending order (the listing's status is 'reserved' meanwhile).
 * At most one live reservation per listing: a listing cannot be sold twice, whatever the code does.
 */
export const listingReservations = pgTable(
  'listing_reservations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => marketplaceListings.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    check('listing_reservations_settled_ck', sql`${t.releasedAt} IS NULL OR ${t.consumedAt} IS NULL`),
    unique('listing_reservations_order_listing_key').on(t.orderId, t.listingId),
    uniqueIndex('listing_reservations_live_key')
      .on(t.listingId)
      .where(sql`released_at IS NULL`),
  ],
);

/**
 * A ship copy held by a pending mint-fee order (its state is 'minting', stage 'lock', meanwhile).
 * At most one live (neither released nor consumed) reservation per ship: a second request while
 * one is in flight is refused by this key, whatever the code does. Once paid (consumed), the
 * mint's own key (mint_attempts) keeps the ship to one mint.
 */
export const shipMintReservations = pgTable(
  'ship_mint_reservations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ownedShipId: bigint('owned_ship_id', { mode: 'number' })
      .notNull()
      .references(() => ownedShips.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    check('ship_mint_reservations_settled_ck', sql`${t.releasedAt} IS NULL OR ${t.consumedAt} IS NULL`),
    unique('ship_mint_reservations_order_ship_key').on(t.orderId, t.ownedShipId),
    uniqueIndex('ship_mint_reservations_live_key')
      .on(t.ownedShipId)
      .where(sql`released_at IS NULL AND consumed_at IS NULL`),
  ],
);
