import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ownedShips } from './holdings.ts';
import { dncPacks, houseUnits, ships } from './catalogue-items.ts';

/**
 * What is for sale on the marketplace: one row per listing, kept after it sells (the sale
 * itself is recorded in `marketplace_sales`). Element and rarity are copied from the ship so
 * that the list filters read one table; a composite key to ships keeps the copies right.
 *
 * `segment` folds (kind, element, rarity) into one small number, the unit of the list
 * filters and of `listing_counts`: ships element*4 + rarity (0..11), DNC packs 12, units 13.
 */
export const marketplaceListings = pgTable(
  'marketplace_listings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: ['ship', 'dnc', 'house_unit'] }).notNull(),
    shipId: integer('ship_id'),
    dncPackId: integer('dnc_pack_id').references(() => dncPacks.id),
    houseUnitId: smallint('house_unit_id').references(() => houseUnits.apartment),
    element: smallint('element'),
    rarity: smallint('rarity'),
    segment: smallint('segment')
      .notNull()
      .generatedAlwaysAs(sql`(CASE kind WHEN 'ship' THEN element * 4 + rarity WHEN 'dnc' THEN 12 ELSE 13 END)`),
    /** listed (original) price and what the buyer pays, USD micro-units */
    priceMicro: bigint('price_micro', { mode: 'number' }).notNull(),
    sellPriceMicro: bigint('sell_price_micro', { mode: 'number' }).notNull(),
    minted: boolean('minted').notNull().default(false),
    /**
     * reserved: held by a pending order (listing_reservations); back to listed if it lapses.
     * cancelled by its seller, expired at `expires_at`: both give the item back to the seller.
     */
    status: text('status', { enum: ['listed', 'reserved', 'sold', 'cancelled', 'expired'] })
      .notNull()
      .default('listed'),
    /** null: the house's listing */
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    /** a player's ship listing: the exact copy on sale (state 'listed' while the listing is open) */
    ownedShipId: bigint('owned_ship_id', { mode: 'number' }).references((): AnyPgColumn => ownedShips.id),
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    /** the seller's chosen end; null: open until sold or cancelled */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** when it was cancelled or expired */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'marketplace_listings_item_ck',
      sql`CASE ${t.kind}
        WHEN 'ship' THEN ${t.shipId} IS NOT NULL AND ${t.element} IS NOT NULL AND ${t.rarity} IS NOT NULL AND ${t.dncPackId} IS NULL AND ${t.houseUnitId} IS NULL
        WHEN 'dnc' THEN ${t.dncPackId} IS NOT NULL AND ${t.shipId} IS NULL AND ${t.houseUnitId} IS NULL AND ${t.element} IS NULL AND ${t.rarity} IS NULL
        ELSE ${t.houseUnitId} IS NOT NULL AND ${t.shipId} IS NULL AND ${t.dncPackId} IS NULL AND ${t.element} IS NULL AND ${t.rarity} IS NULL END`,
    ),
    check('marketplace_listings_price_ck', sql`${t.priceMicro} >= 0 AND ${t.sellPriceMicro} > 0`),
    check('marketplace_listings_sold_ck', sql`(${t.status} = 'sold') = (${t.soldAt} IS NOT NULL)`),
    check('marketplace_listings_status_ck', sql`${t.status} IN ('listed', 'reserved', 'sold', 'cancelled', 'expired')`),
    check('marketplace_listings_ended_ck', sql`(${t.status} IN ('cancelled', 'expired')) = (${t.endedAt} IS NOT NULL)`),
    // Only a ship listing names a copy, and only a player's (the house sells designs it has no copy of).
    check('marketplace_listings_copy_ck', sql`${t.ownedShipId} IS NULL OR (${t.kind} = 'ship' AND ${t.sellerId} IS NOT NULL)`),
    foreignKey({ name: 'marketplace_listings_ship_fk', columns: [t.shipId, t.element, t.rarity], foreignColumns: [ships.id, ships.element, ships.rarity] }),
    // The list calls (docs/decisions/0010): newest first, then id. The trailing columns let
    // the filters be checked inside the index, without visiting the table.
    index('marketplace_listings_feed_idx')
      .on(t.listedAt.desc(), t.id.desc(), t.segment, t.sellPriceMicro)
      .where(sql`status = 'listed'`),
    index('marketplace_listings_segment_feed_idx')
      .on(t.segment, t.listedAt.desc(), t.id.desc(), t.sellPriceMicro)
      .where(sql`status = 'listed'`),
    // Price ranges, always asked per segment (prices follow rarity): read matches index-only.
    index('marketplace_listings_price_idx')
      .on(t.segment, t.sellPriceMicro, t.listedAt, t.id)
      .where(sql`status = 'listed'`),
    // The house puts a ship design on sale at most once at a time.
    uniqueIndex('marketplace_listings_ship_listed_key').on(t.shipId).where(sql`status = 'listed' AND owned_ship_id IS NULL`),
    // A player's copy is in at most one open listing (listed, or held by a checkout).
    uniqueIndex('marketplace_listings_copy_open_key').on(t.ownedShipId).where(sql`status IN ('listed', 'reserved')`),
    // My listings: a seller's, newest first.
    index('marketplace_listings_seller_idx').on(t.sellerId, t.listedAt.desc(), t.id.desc()).where(sql`seller_id IS NOT NULL`),
    // Price history and "more from this collection" look listings up by their item.
    index('marketplace_listings_ship_idx').on(t.shipId),
    index('marketplace_listings_dnc_idx').on(t.dncPackId),
    index('marketplace_listings_unit_idx').on(t.houseUnitId),
  ],
);

/**
 * Listed rows per segment, kept exact by statement-level triggers in the same transaction as
 * every listing change (migration 0002_catalogue_counts), so an unfiltered or element/rarity
 * filtered total is a sum of at most 14 rows instead of a count over the listings.
 */
export const listingCounts = pgTable(
  'listing_counts',
  {
    segment: smallint('segment').primaryKey(),
    listed: bigint('listed', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('listing_counts_segment_ck', sql`${t.segment} BETWEEN 0 AND 13`), check('listing_counts_listed_ck', sql`${t.listed} >= 0`)],
);

/** A marketplace sale: the price history, recently sold, top and last-7-days lists. */
export const marketplaceSales = pgTable(
  'marketplace_sales',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    listingId: bigint('listing_id', { mode: 'number' })
      .notNull()
      .references(() => marketplaceListings.id),
    priceMicro: bigint('price_micro', { mode: 'number' }).notNull(),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    soldAt: timestamp('sold_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('marketplace_sales_price_ck', sql`${t.priceMicro} > 0`),
    // A listing sells once.
    uniqueIndex('marketplace_sales_listing_key').on(t.listingId),
    index('marketplace_sales_sold_at_idx').on(t.soldAt.desc(), t.id.desc()),
    index('marketplace_sales_price_idx').on(t.priceMicro.desc(), t.soldAt.desc()),
  ],
);

/**
 * The shop's own stock: new ships sold by Starport. The ship row is the design shown and
 * delivered; `stock` is how many copies are left (never below zero).
 */
export const shopStock = pgTable(
  'shop_stock',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shipId: integer('ship_id').notNull(),
    element: smallint('element').notNull(),
    rarity: smallint('rarity').notNull(),
    priceMicro: bigint('price_micro', { mode: 'number' }).notNull(),
    sellPriceMicro: bigint('sell_price_micro', { mode: 'number' }).notNull(),
    stock: integer('stock').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shop_stock_stock_ck', sql`${t.stock} >= 0`),
    check('shop_stock_price_ck', sql`${t.priceMicro} >= 0 AND ${t.sellPriceMicro} > 0`),
    foreignKey({ name: 'shop_stock_ship_fk', columns: [t.shipId, t.element, t.rarity], foreignColumns: [ships.id, ships.element, ships.rarity] }),
    uniqueIndex('shop_stock_ship_key').on(t.shipId),
    index('shop_stock_feed_idx').on(t.createdAt.desc(), t.id.desc(), t.element, t.rarity, t.sellPriceMicro).where(sql`active`),
    index('shop_stock_filter_idx').on(t.element, t.rarity, t.createdAt.desc(), t.id.desc()).where(sql`active`),
  ],
);
