import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every spaceship that exists. Element 0 Human, 1 AI, 2 Alien; rarity 0 Common .. 3 Legendary.
 * Only 150 Legendary ships can ever exist: each one holds a serial 1..150, a serial is
 * unique, and a ship holds one exactly when it is Legendary. The 151st cannot be stored.
 */
export const ships = pgTable(
  'ships',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    element: smallint('element').notNull(),
    rarity: smallint('rarity').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    health: integer('health').notNull(),
    healing: integer('healing').notNull(),
    gunDamage: integer('gun_damage').notNull(),
    rocketDamage: integer('rocket_damage').notNull(),
    defense: integer('defense').notNull(),
    afterburner: integer('afterburner').notNull(),
    /** milliseconds between rockets */
    rocketRechargeTime: integer('rocket_recharge_time').notNull(),
    /** rockets per minute */
    rocketFireRate: integer('rocket_fire_rate').notNull(),
    /** draws the generated art (images.ts shipImagePath) */
    artSeed: integer('art_seed').notNull(),
    legendarySerial: smallint('legendary_serial'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ships_element_ck', sql`${t.element} BETWEEN 0 AND 2`),
    check('ships_rarity_ck', sql`${t.rarity} BETWEEN 0 AND 3`),
    check('ships_legendary_serial_ck', sql`(${t.rarity} = 3) = (${t.legendarySerial} IS NOT NULL)`),
    check('ships_legendary_serial_range_ck', sql`${t.legendarySerial} BETWEEN 1 AND 150`),
    check(
      'ships_stats_ck',
      sql`LEAST(${t.health}, ${t.healing}, ${t.gunDamage}, ${t.rocketDamage}, ${t.defense}, ${t.afterburner}, ${t.rocketRechargeTime}, ${t.rocketFireRate}) >= 0`,
    ),
    uniqueIndex('ships_legendary_serial_key').on(t.legendarySerial),
    // Target of the listings' (ship_id, element, rarity) key: their copies cannot drift.
    unique('ships_id_element_rarity_key').on(t.id, t.element, t.rarity),
  ],
);

/** DNC (in-game currency) packs: an amount of DNC at a price. */
export const dncPacks = pgTable(
  'dnc_packs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    amount: integer('amount').notNull(),
    priceMicro: bigint('price_micro', { mode: 'number' }).notNull(),
  },
  (t) => [check('dnc_packs_amount_ck', sql`${t.amount} > 0`), check('dnc_packs_price_ck', sql`${t.priceMicro} > 0`)],
);

/** Container-house unit types; each apartment is split into `total_pieces` ERC1155 pieces. */
export const houseUnitTypes = pgTable(
  'house_unit_types',
  {
    type: smallint('type').primaryKey(),
    apartFrom: smallint('apart_from').notNull(),
    apartTo: smallint('apart_to').notNull(),
    areaM2: integer('area_m2').notNull(),
    floors: integer('floors').notNull(),
    rooms: integer('rooms').notNull(),
    housing: integer('housing').notNull(),
    totalPieces: integer('total_pieces').notNull(),
    /** price of one piece in USDC micro-units */
    priceMicro: bigint('price_micro', { mode: 'number' }).notNull(),
    aprBps: integer('apr_bps').notNull().default(2600),
  },
  (t) => [
    check('house_unit_types_type_ck', sql`${t.type} BETWEEN 1 AND 5`),
    check('house_unit_types_range_ck', sql`1 <= ${t.apartFrom} AND ${t.apartFrom} <= ${t.apartTo} AND ${t.apartTo} <= 120`),
    check('house_unit_types_figures_ck', sql`LEAST(${t.areaM2}, ${t.floors}, ${t.rooms}, ${t.housing}, ${t.totalPieces}) > 0 AND ${t.priceMicro} > 0`),
    check('house_unit_types_apr_ck', sql`${t.aprBps} BETWEEN 0 AND 100000`),
  ],
);

/** The 120 apartments. Which type an apartment belongs to is fixed by the spec's ranges. */
export const houseUnits = pgTable(
  'house_units',
  {
    apartment: smallint('apartment').primaryKey(),
    type: smallint('type')
      .notNull()
      .references(() => houseUnitTypes.type),
    mintedPieces: integer('minted_pieces').notNull().default(0),
  },
  (t) => [
    check('house_units_apartment_ck', sql`${t.apartment} BETWEEN 1 AND 120`),
    check(
      'house_units_type_range_ck',
      sql`${t.type} = CASE WHEN ${t.apartment} <= 24 THEN 1 WHEN ${t.apartment} <= 72 THEN 2 WHEN ${t.apartment} <= 88 THEN 3 WHEN ${t.apartment} <= 105 THEN 4 ELSE 5 END`,
    ),
    check('house_units_minted_ck', sql`${t.mintedPieces} >= 0`),
  ],
);

/** Blind boxes and their published odds per rarity, in basis points summing to 10000. */
export const blindBoxes = pgTable(
  'blind_boxes',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    salePriceMicro: bigint('sale_price_micro', { mode: 'number' }).notNull(),
    listPriceMicro: bigint('list_price_micro', { mode: 'number' }).notNull(),
    oddsCommonBps: integer('odds_common_bps').notNull(),
    oddsRareBps: integer('odds_rare_bps').notNull(),
    oddsEpicBps: integer('odds_epic_bps').notNull(),
    oddsLegendaryBps: integer('odds_legendary_bps').notNull(),
  },
  (t) => [
    check('blind_boxes_odds_ck', sql`LEAST(${t.oddsCommonBps}, ${t.oddsRareBps}, ${t.oddsEpicBps}, ${t.oddsLegendaryBps}) >= 0`),
    check('blind_boxes_odds_sum_ck', sql`${t.oddsCommonBps} + ${t.oddsRareBps} + ${t.oddsEpicBps} + ${t.oddsLegendaryBps} = 10000`),
    check('blind_boxes_price_ck', sql`${t.salePriceMicro} > 0 AND ${t.listPriceMicro} >= ${t.salePriceMicro}`),
  ],
);

/**
 * How many ships of each rarity a blind box can still hand out. A box in a pending order holds
 * one of every tier (so whatever it draws is there when it opens); the opening keeps the tier
 * it drew and gives the other three back. A tier never goes below zero (docs/decisions/0017).
 */
export const blindBoxTiers = pgTable(
  'blind_box_tiers',
  {
    boxCode: text('box_code')
      .notNull()
      .references(() => blindBoxes.code),
    rarity: smallint('rarity').notNull(),
    supply: integer('supply').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.boxCode, t.rarity] }),
    check('blind_box_tiers_rarity_ck', sql`${t.rarity} BETWEEN 0 AND 3`),
    check('blind_box_tiers_supply_ck', sql`${t.supply} >= 0`),
  ],
);
