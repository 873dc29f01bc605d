import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { blindBoxes, ships } from './catalogue-items.ts';
import { ownedShips } from './holdings.ts';

/**
 * Redeem codes (docs/decisions/0038-redeem-codes.md), written only by modules/redeem. A code is
 * kept as the SHA-256 of its normal form (trimmed, upper case), never as typed: a copy of the
 * table does not hand out what is left of unredeemed codes. `code_hint` (its first characters)
 * lets an operator tell codes apart in a list.
 */

export const REDEEM_GRANT_KINDS = ['dnc', 'ship', 'blindbox'] as const;
export type RedeemGrantKind = (typeof REDEEM_GRANT_KINDS)[number];
/** The most boxes one blind-box code opens per redemption. */
export const REDEEM_MAX_BOXES = 10;

export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** hex SHA-256 of the normalised code */
    codeHash: text('code_hash').notNull(),
    codeHint: text('code_hint').notNull(),
    kind: text('kind', { enum: REDEEM_GRANT_KINDS }).notNull(),
    /** DNC granted, for kind 'dnc' */
    dncAmount: bigint('dnc_amount', { mode: 'number' }),
    /** the catalogue ship a copy of which is granted, for kind 'ship' */
    shipId: integer('ship_id').references(() => ships.id),
    /** the catalogue blind box opened on redemption, for kind 'blindbox' */
    boxCode: text('box_code').references(() => blindBoxes.code),
    /** how many of that box each redemption opens, for kind 'blindbox' */
    boxCount: integer('box_count'),
    maxUses: integer('max_uses').notNull(),
    /** redemptions so far; only the redeeming transaction's conditional UPDATE raises it */
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('redeem_codes_hash_key').on(t.codeHash),
    check('redeem_codes_kind_ck', sql`${t.kind} IN ('dnc', 'ship', 'blindbox')`),
    check(
      'redeem_codes_grant_ck',
      sql`(${t.kind} = 'dnc' AND ${t.dncAmount} > 0 AND ${t.shipId} IS NULL AND ${t.boxCode} IS NULL AND ${t.boxCount} IS NULL)
       OR (${t.kind} = 'ship' AND ${t.shipId} IS NOT NULL AND ${t.dncAmount} IS NULL AND ${t.boxCode} IS NULL AND ${t.boxCount} IS NULL)
       OR (${t.kind} = 'blindbox' AND ${t.boxCode} IS NOT NULL AND ${t.boxCount} BETWEEN 1 AND ${sql.raw(String(REDEEM_MAX_BOXES))} AND ${t.dncAmount} IS NULL AND ${t.shipId} IS NULL)`,
    ),
    check('redeem_codes_uses_ck', sql`${t.maxUses} >= 1 AND ${t.uses} >= 0 AND ${t.uses} <= ${t.maxUses}`),
  ],
);

/** One player's redemption of one code: unique per (code, player), so a player redeems a code once. */
export const redeemRedemptions = pgTable(
  'redeem_redemptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    codeId: bigint('code_id', { mode: 'number' })
      .notNull()
      .references(() => redeemCodes.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** what was granted, as it was then (the code's grant may not be read later) */
    kind: text('kind', { enum: REDEEM_GRANT_KINDS }).notNull(),
    dncAmount: bigint('dnc_amount', { mode: 'number' }),
    shipId: integer('ship_id').references(() => ships.id),
    ownedShipId: bigint('owned_ship_id', { mode: 'number' }).references(() => ownedShips.id),
    /** for kind 'blindbox': the box and how many were opened (the openings name this redemption) */
    boxCode: text('box_code').references(() => blindBoxes.code),
    boxCount: integer('box_count'),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('redeem_redemptions_code_user_key').on(t.codeId, t.userId),
    index('redeem_redemptions_user_idx').on(t.userId, t.redeemedAt.desc(), t.id.desc()),
  ],
);
