import { z } from 'zod';
import { pageFields } from './pagination.ts';

export * from './catalogue-constants.ts';
export * from './catalogue-query.ts';

/**
 * Answers of the catalogue calls (storefront.md §3, §7). Money: the spec's `price` and
 * `sell_price` stay USD numbers for the legacy client; every new money field is `*_micro`,
 * integer micro-units (6 decimals) as a decimal string, so no amount ever passes through a float.
 */
export const MicroSchema = z.string().regex(/^\d+$/).meta({ description: 'Integer micro-units (USD × 10⁶) as a decimal string' });
const int = () => z.number().int();

/**
 * The inner item (`item`, alias `cache`). The legacy stat fields are always numbers; the
 * spec's client reads container-house figures from them (health = area m², healing = floors,
 * gun_damage = rooms, rocket_damage = housing, rocket_re_time = total pieces) and ship stats
 * from health, healing, gun_damage, rocket_damage, rocket_re_time, attack (= gun_damage) and
 * defender (= defense). A figure a kind does not have is 0 there. The same figures also come
 * under their own names, present only for the kind that has them.
 */
export const CatalogueItemSchema = z.object({
  _id: z.string(),
  /** ship name, 'Type N' for units, 'N DNC' for packs */
  name: z.string(),
  /** 0 Human, 1 AI, 2 Alien; null for DNC packs and units */
  element: int().nullable(),
  /** 0 Common, 1 Rare, 2 Epic, 3 Legendary; null for DNC packs and units */
  rarity: int().nullable(),
  /** art path (packages/schemas/src/images.ts); add ?resize=300x300 or 800x800 */
  image: z.string(),
  description: z.string(),
  health: int(),
  healing: int(),
  gun_damage: int(),
  rocket_damage: int(),
  rocket_re_time: int(),
  attack: int(),
  defender: int(),
  // ships
  element_name: z.string().optional(),
  rarity_name: z.string().optional(),
  team_name: z.string().optional(),
  team_description: z.string().optional(),
  defense: int().optional(),
  afterburner: int().optional(),
  /** milliseconds */
  rocket_recharge_time: int().optional(),
  /** rockets per minute */
  rocket_fire_rate: int().optional(),
  /** 1..150, only for Legendary ships */
  legendary_serial: int().nullable().optional(),
  // container-house units
  unit_type: int().optional(),
  apartment: int().optional(),
  apart_from: int().optional(),
  apart_to: int().optional(),
  apart_label: z.string().optional(),
  area_m2: int().optional(),
  floors: int().optional(),
  rooms: int().optional(),
  housing: int().optional(),
  total_pieces: int().optional(),
  minted_pieces: int().optional(),
  apr_bps: int().optional(),
  // DNC packs
  dnc_amount: int().optional(),
});
export type CatalogueItem = z.infer<typeof CatalogueItemSchema>;

export const MarketplaceItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** the spec's type: units are 'spaceship' too, told apart by `kind` */
  type: z.enum(['spaceship', 'dnc']),
  kind: z.enum(['ship', 'dnc', 'house_unit']),
  /** listed (original) price, USD */
  price: z.number(),
  /** what the buyer pays, USD; the price filter applies to it */
  sell_price: z.number(),
  price_micro: MicroSchema,
  sell_price_micro: MicroSchema,
  /** true when the item is an NFT on chain */
  minted: z.boolean(),
  /** reserved: a buyer's order holds it while they pay; back to listed if they do not */
  status: z.enum(['listed', 'reserved', 'sold', 'cancelled']),
  listed_at: z.string(),
  sold_at: z.string().nullable(),
  item: CatalogueItemSchema,
  cache: CatalogueItemSchema,
});
export type MarketplaceItem = z.infer<typeof MarketplaceItemSchema>;

export const PricePointSchema = z.object({ sold_at: z.string(), price: z.number(), price_micro: MicroSchema });

/** The ERC1155 collection of the container-house units and where it lives on chain. */
export const UnitCollectionSchema = z
  .object({
    name: z.string(),
    token_standard: z.literal('ERC1155'),
    chain: z.string().meta({ description: "Chain name, from the server's UNITS_CHAIN_NAME (default Base)" }),
    contract_address: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/)
      .nullable()
      .meta({ description: 'The ERC1155 contract; null until it is deployed and configured (UNITS_CONTRACT_ADDRESS)' }),
    explorer_url: z
      .string()
      .nullable()
      .meta({ description: "The contract's page on the block explorer ({CHAIN_EXPLORER_URL}/address/{address}); null while either is unset" }),
  })
  .meta({ description: 'The container-house collection: its name, token standard, chain and contract' });
export type UnitCollection = z.infer<typeof UnitCollectionSchema>;

/** A reserved listing's hold: `order` is the buyer's order code, for the buyer alone (null for anyone else). */
export const ListingReservationSchema = z.object({ until: z.string(), order: z.string().nullable() });
export type ListingReservation = z.infer<typeof ListingReservationSchema>;

export const MarketplaceItemDetailSchema = MarketplaceItemSchema.extend({
  /** recorded sales of the same ship, unit or pack, oldest first (at most 100) */
  price_history: z.array(PricePointSchema),
  /** other listed items of the collection: units for a unit, the same element for a ship, packs for a pack */
  more_from_collection: z.array(MarketplaceItemSchema),
  /** units only */
  collection: UnitCollectionSchema.optional(),
  type_price_history: z
    .array(PricePointSchema)
    .optional()
    .meta({ description: "Units only: recorded sales of every apartment of the unit's type, oldest first (at most 100)" }),
  reservation: ListingReservationSchema.nullable()
    .optional()
    .meta({
      description:
        'While status is reserved: until when the buyer’s order holds it (listed again then if unpaid), and ' +
        'the order code when the caller (signed in) is that buyer, for Continue payment; null otherwise.',
    }),
});

/** The shared page fields, with the catalogue's count cap. */
const listPageFields = {
  /** exact, except when `total_capped` */
  total: pageFields.total,
  /** true when a price-filtered total passed the count cap and `total` is that cap */
  total_capped: z.boolean(),
  page: pageFields.page,
  limit: pageFields.limit,
};

export const MarketplaceFindResponseSchema = z.object({ error: z.literal(false), data: z.array(MarketplaceItemSchema), ...listPageFields });
export const MarketplaceItemResponseSchema = z.object({ error: z.literal(false), item: MarketplaceItemDetailSchema });

/** A recorded sale (recently_sold, top_nft, last_7_days). `_id` is the sale, `id` the listing. */
export const SoldItemSchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  type: z.enum(['spaceship', 'dnc']),
  kind: z.enum(['ship', 'dnc', 'house_unit']),
  price: z.number(),
  price_micro: MicroSchema,
  sold_at: z.string(),
  item: CatalogueItemSchema,
  cache: CatalogueItemSchema,
});
export const SoldListResponseSchema = z.object({ error: z.literal(false), data: z.array(SoldItemSchema) });
export type SoldItem = z.infer<typeof SoldItemSchema>;
export type SoldListResponse = z.infer<typeof SoldListResponseSchema>;

export const TotalDepositResponseSchema = z.object({
  error: z.literal(false),
  /** number of recorded marketplace sales */
  count: int(),
  /** their summed sale prices, USD */
  total: z.number(),
  total_micro: MicroSchema,
});
export type TotalDepositResponse = z.infer<typeof TotalDepositResponseSchema>;

export const ShopItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** the spec's shop `type` is the element code */
  type: int(),
  element: int(),
  rarity: int(),
  image: z.string(),
  kind: z.literal('ship'),
  /** cart fields: object and code name what the cart is buying */
  object: z.literal('spaceship'),
  code: z.literal('spaceship'),
  price: z.number(),
  sell_price: z.number(),
  price_micro: MicroSchema,
  sell_price_micro: MicroSchema,
  /** copies still for sale */
  stock: int(),
  soldout: z.boolean(),
  created_at: z.string(),
  item: CatalogueItemSchema,
  cache: CatalogueItemSchema,
});
export type ShopItem = z.infer<typeof ShopItemSchema>;
export const ShopFindResponseSchema = z.object({ error: z.literal(false), data: z.array(ShopItemSchema), ...listPageFields });
export const ShopItemResponseSchema = z.object({
  error: z.literal(false),
  item: ShopItemSchema.extend({ price_history: z.array(PricePointSchema) }),
});

const oddsShape = { common: z.number(), rare: z.number(), epic: z.number(), legend: z.number() };
export const BlindBoxChanceResponseSchema = z.object({
  error: z.literal(false),
  /** percentages (basis points / 100); they sum to 100 */
  chance: z.object(oddsShape),
});
export const BlindBoxResponseSchema = z.object({
  error: z.literal(false),
  item: z.object({
    _id: z.string(),
    code: z.literal('blindbox'),
    object: z.literal('blindbox'),
    name: z.string(),
    description: z.string(),
    image: z.string(),
    price: z.number(),
    sell_price: z.number(),
    price_micro: MicroSchema,
    sell_price_micro: MicroSchema,
    /** odds in basis points, summing to 10000 */
    odds_bps: z.object(oddsShape),
  }),
});

export const HouseTypeSchema = z.object({
  type: int(),
  name: z.string(),
  apart_from: int(),
  apart_to: int(),
  apart_label: z.string(),
  area_m2: int(),
  floors: int(),
  rooms: int(),
  housing: int(),
  units: int(),
  /** pieces (ERC1155 tokens) per apartment */
  pieces_per_unit: int(),
  /** pieces minted so far over every apartment of the type, and the most there can be */
  minted: int(),
  total: int(),
  /** price of one piece, USDC */
  price: z.number(),
  price_micro: MicroSchema,
  apr_bps: int(),
  image: z.string(),
  listed: int().meta({ description: 'Marketplace listings of units of this type that are for sale now' }),
  cheapest_listing_id: z
    .string()
    .nullable()
    .meta({ description: 'The listing of this type with the lowest sell price (ties: the oldest id); null when none is for sale' }),
});
export const HouseTypesResponseSchema = z.object({ error: z.literal(false), data: z.array(HouseTypeSchema) });
export type HouseTypesResponse = z.infer<typeof HouseTypesResponseSchema>;

export const LeaderboardRowSchema = z.object({
  /** the referrer's user id, or the referral code when no user has it */
  _id: z.string(),
  rank: int(),
  user_name: z.string(),
  /** the player's 300x300 avatar URL; null without a player or an avatar */
  avatar: z.string().nullable(),
  /** referrals counted in the period */
  point_number: int(),
});
export const LeaderboardResponseSchema = z.object({
  error: z.literal(false),
  data: z.array(LeaderboardRowSchema),
  total: int(),
  period: z.enum(['month', 'all']),
});
export type LeaderboardResponse = z.infer<typeof LeaderboardResponseSchema>;

// The types of the shapes above, for the web app (which never re-declares them by hand).
export type PricePoint = z.infer<typeof PricePointSchema>;
export type MarketplaceItemDetail = z.infer<typeof MarketplaceItemDetailSchema>;
export type MarketplaceFindResponse = z.infer<typeof MarketplaceFindResponseSchema>;
export type MarketplaceItemResponse = z.infer<typeof MarketplaceItemResponseSchema>;
export type ShopFindResponse = z.infer<typeof ShopFindResponseSchema>;
export type ShopItemResponse = z.infer<typeof ShopItemResponseSchema>;
/** A shop item with its price history, as its detail call answers it. */
export type ShopItemDetail = ShopItemResponse['item'];
export type BlindBoxChanceResponse = z.infer<typeof BlindBoxChanceResponseSchema>;
export type BlindBoxResponse = z.infer<typeof BlindBoxResponseSchema>;
export type BlindBox = BlindBoxResponse['item'];
export type BlindBoxOdds = BlindBox['odds_bps'];
export type HouseType = z.infer<typeof HouseTypeSchema>;
export type LeaderboardRow = z.infer<typeof LeaderboardRowSchema>;
