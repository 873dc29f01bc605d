import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { ownedShips } from './holdings.ts';

/**
 * Penguin staking (owned-assets.md §2.10, §4.6, decision 0039). The collection is the game's;
 * who owns which penguin, which ship sits on it and what has been collected are holdings, so
 * the `assets` module alone writes the last three tables.
 */

/** The penguin collection: each penguin is one of a kind (one owner at most). Rarity 0 Common, 1 Rare, 2 Legendary, 3 1 of 1. */
export const penguins = pgTable(
  'penguins',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    rarity: smallint('rarity').notNull(),
    /** the seed of its generated art */
    artSeed: bigint('art_seed', { mode: 'number' }).notNull(),
  },
  (t) => [check('penguins_rarity_ck', sql`${t.rarity} BETWEEN 0 AND 3`), uniqueIndex('penguins_name_key').on(t.name)],
);

/** Who owns a penguin: one row per penguin at most. `banked_dnc`: whole days earned by a ship since removed, not yet collected. */
export const ownedPenguins = pgTable(
  'owned_penguins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    penguinId: integer('penguin_id')
      .notNull()
      .references(() => penguins.id),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
    bankedDnc: bigint('banked_dnc', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('owned_penguins_banked_ck', sql`${t.bankedDnc} >= 0`),
    uniqueIndex('owned_penguins_penguin_key').on(t.penguinId),
    index('owned_penguins_user_idx').on(t.userId),
  ],
);

/**
 * A ship sitting on a penguin. Unique both ways: a penguin holds one ship, a ship sits on one
 * penguin (the ship's state 'penguin' says the same, and is what other uses check).
 * `accrued_from`: the start of the days not yet collected (moves on by whole days).
 */
export const penguinAssignments = pgTable(
  'penguin_assignments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    ownedPenguinId: bigint('owned_penguin_id', { mode: 'number' })
      .notNull()
      .references(() => ownedPenguins.id),
    ownedShipId: bigint('owned_ship_id', { mode: 'number' })
      .notNull()
      .references(() => ownedShips.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    accruedFrom: timestamp('accrued_from', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('penguin_assignments_penguin_key').on(t.ownedPenguinId),
    uniqueIndex('penguin_assignments_ship_key').on(t.ownedShipId),
    index('penguin_assignments_user_idx').on(t.userId),
  ],
);

/** One collect per player per UTC day: the unique key is what makes a doubled collect credit once. */
export const penguinCollections = pgTable(
  'penguin_collections',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    day: date('day').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('penguin_collections_amount_ck', sql`${t.amount} >= 0`), uniqueIndex('penguin_collections_day_key').on(t.userId, t.day)],
);
