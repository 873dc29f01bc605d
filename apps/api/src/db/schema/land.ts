import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Land (issue 18, decisions 0043 and 0044): plots are cells of the one land grid, owned by one
 * player at most (the cell id is the key), grouped into the player's collections. Holdings, so
 * the `assets` module alone writes them; the `land` module prices, validates and answers.
 */

/** A player's named group of plots; its mint state freezes it (0 not minted, 1 minting, 2 minted). */
export const landCollections = pgTable(
  'land_collections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    mintState: smallint('mint_state').notNull().default(0),
    /** the mint's transaction once minted (state 2), the spec's `txid`; the minting module records it */
    mintTx: text('mint_tx'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('land_collections_mint_state_ck', sql`${t.mintState} BETWEEN 0 AND 2`),
    check('land_collections_name_ck', sql`char_length(${t.name}) BETWEEN 1 AND 60`),
    index('land_collections_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** One cell of the land grid and who owns it. A cell bought twice fails on the key. */
export const landPlots = pgTable(
  'land_plots',
  {
    /** the grid's cell id (row × 2¹⁷ + column) */
    cellId: bigint('cell_id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    collectionId: bigint('collection_id', { mode: 'number' }).references((): AnyPgColumn => landCollections.id),
    /** ISO 3166-1 alpha-2 of the cell's centre, null in international waters */
    country: text('country'),
    /** what the plot is valued at, in USD (the spec's `price`) */
    valuation: integer('valuation').notNull(),
    /** the land credit it cost */
    creditPaid: integer('credit_paid').notNull(),
    boughtAt: timestamp('bought_at', { withTimezone: true }).notNull().defaultNow(),
    /** GOALAND staking: whole days since this earn DNC; a collect moves it on by the days credited */
    stakingFrom: timestamp('staking_from', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('land_plots_amounts_ck', sql`${t.valuation} >= 0 AND ${t.creditPaid} >= 0`),
    index('land_plots_user_idx').on(t.userId, t.boughtAt.desc(), t.cellId.desc()),
    index('land_plots_collection_idx').on(t.collectionId),
  ],
);

/**
 * GOALAND land staking (decision 0046): one collect per player per UTC day. The unique key is
 * what makes a doubled collect credit once; `amount` is what it credited.
 */
export const landStakingCollections = pgTable(
  'land_staking_collections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('land_staking_collections_amount_ck', sql`${t.amount} >= 0`),
    uniqueIndex('land_staking_collections_day_key').on(t.userId, t.day),
  ],
);
