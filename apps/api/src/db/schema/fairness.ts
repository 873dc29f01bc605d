import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { blindBoxes, ships } from './catalogue-items.ts';
import { orderLines } from './orders.ts';
import { redeemRedemptions } from './redeem.ts';

/**
 * Provably fair blind-box openings (@starport/schemas/fairness has the algorithm). Each player
 * has one active seed pair; its server seed stays secret (only the hash is shown) until the
 * pair is rotated, then it is revealed and every opening made with it can be checked.
 */
export const fairnessSeeds = pgTable(
  'fairness_seeds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** 64 hex characters; never sent to anyone before revealed_at */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    /** the nonce the next opening with this pair uses */
    nextNonce: integer('next_nonce').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (t) => [
    check('fairness_seeds_nonce_ck', sql`${t.nextNonce} >= 0`),
    uniqueIndex('fairness_seeds_active_key')
      .on(t.userId)
      .where(sql`revealed_at IS NULL`),
    index('fairness_seeds_user_idx').on(t.userId, t.id),
  ],
);

/**
 * One opened blind box: the inputs of its draw, the odds it was drawn with, and what it gave.
 * A box comes from exactly one source: an order line it was bought on, or a redemption of a
 * redeem code that granted it (docs/decisions/0038); `box_index` counts boxes within that source.
 */
export const blindBoxOpenings = pgTable(
  'blind_box_openings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** the order line the box was bought on; null for a box a redeem code granted */
    orderLineId: bigint('order_line_id', { mode: 'number' }).references(() => orderLines.id),
    /** the redemption that granted the box; null for a bought box */
    redemptionId: bigint('redemption_id', { mode: 'number' }).references(() => redeemRedemptions.id),
    /** which box of its order line or redemption (0-based) */
    boxIndex: integer('box_index').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    boxCode: text('box_code')
      .notNull()
      .references(() => blindBoxes.code),
    seedId: bigint('seed_id', { mode: 'number' })
      .notNull()
      .references(() => fairnessSeeds.id),
    nonce: integer('nonce').notNull(),
    roll: integer('roll').notNull(),
    rarity: smallint('rarity').notNull(),
    oddsCommonBps: integer('odds_common_bps').notNull(),
    oddsRareBps: integer('odds_rare_bps').notNull(),
    oddsEpicBps: integer('odds_epic_bps').notNull(),
    oddsLegendaryBps: integer('odds_legendary_bps').notNull(),
    shipId: integer('ship_id')
      .notNull()
      .references(() => ships.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('blind_box_openings_roll_ck', sql`${t.roll} BETWEEN 0 AND 9999`),
    check('blind_box_openings_rarity_ck', sql`${t.rarity} BETWEEN 0 AND 3`),
    check('blind_box_openings_source_ck', sql`(${t.orderLineId} IS NULL) <> (${t.redemptionId} IS NULL)`),
    unique('blind_box_openings_line_box_key').on(t.orderLineId, t.boxIndex),
    unique('blind_box_openings_redemption_box_key').on(t.redemptionId, t.boxIndex),
    unique('blind_box_openings_seed_nonce_key').on(t.seedId, t.nonce),
    index('blind_box_openings_user_idx').on(t.userId, t.openedAt.desc(), t.id.desc()),
  ],
);
