import { z } from 'zod';
import { CatalogueItemSchema, MicroSchema } from './catalogue.ts';
import { MAX_PAGE_SIZE } from './catalogue-constants.ts';
import { myAssetsQuery } from './catalogue-query.ts';
import { pageFields, pageQuerySchema } from './pagination.ts';
import { MAX_LISTING_EXPIRY_DAYS, MAX_DNC_LISTING, MIN_LISTING_PRICE_USD, MY_ASSETS_PAGE_SIZE, NO_LISTING_PRICE_MSG, readListingPrice } from './my-assets-rules.ts';

export * from './my-assets-rules.ts';

/**
 * My Assets and selling to other players (owned-assets.md §2.1, §3, §7.1, §9): what a player
 * owns, the listings they made, and what their sales paid them. Money is USD micro-units as
 * decimal strings (`*_micro`) beside the spec's USD numbers.
 */

/** GET /api/my/assets: element, rarity, kind (comma lists), price_from, price_to, page, limit. */
export const MyAssetsQuerySchema = myAssetsQuery(MY_ASSETS_PAGE_SIZE);

/** Where a ship copy is: free, or held by one use (listed, penguin, staked, minting, minted). */
export const ASSET_STATES = ['available', 'listed', 'penguin', 'staked', 'minting', 'minted'] as const;

export const NftStateSchema = z
  .object({
    mint_status: z.enum(['lock', 'verify_payment', 'minted']).nullable(),
    /** the mint transaction, once minted */
    txh: z.string().nullable(),
    /** the mint transaction in the NFT chain's block explorer, when it has one */
    tx_url: z.string().nullable(),
  })
  .meta({
    description:
      'The copy as an NFT: mint_status null while never converted; lock while the fee is unpaid, verify_payment while the payment is verified and the token minted, minted once on chain',
  });

/** A listing as its item's card shows it. */
export const AssetListingSchema = z.object({
  _id: z.string(),
  status: z.enum(['listed', 'reserved']),
  price: z.number(),
  price_micro: MicroSchema,
  expires_at: z.string().nullable(),
});

/** The spec's user asset: a ship copy (`_id` its copy id) or the pieces of a container-house unit (`_id` 'unit-<id>'). */
export const MyAssetSchema = z.object({
  _id: z.string(),
  id: z.string(),
  kind: z.enum(['ship', 'house_unit']),
  name: z.string(),
  /** art path; add ?resize=300x300 or 800x800 */
  image: z.string(),
  /** ships: 0 Human, 1 AI, 2 Alien; null for units */
  element: z.number().int().nullable(),
  /** ships: 0 Common .. 3 Legendary; null for units */
  rarity: z.number().int().nullable(),
  health: z.number().int(),
  healing: z.number().int(),
  gun_damage: z.number().int(),
  rocket_damage: z.number().int(),
  rocket_re_time: z.number().int(),
  /** every figure of the item, as the catalogue shows it */
  item: CatalogueItemSchema,
  state: z.enum(ASSET_STATES),
  /** 1 for a ship; a unit's pieces */
  pieces: z.number().int(),
  /** what the player paid for it (a blind box's ship: the box's price); null when it was granted */
  price: z.number().nullable(),
  price_micro: MicroSchema.nullable(),
  acquired_at: z.string(),
  /** the copy's open listing (listed or held by a buyer's checkout), if any */
  listing: AssetListingSchema.nullable(),
  nft: NftStateSchema,
});
export type MyAsset = z.infer<typeof MyAssetSchema>;

export const MyAssetsResponseSchema = z.object({ error: z.literal(false), data: z.array(MyAssetSchema), ...pageFields });
export type MyAssetsResponse = z.infer<typeof MyAssetsResponseSchema>;

/** GET /api/marketplace/dnc/listing: DNC the player can list, and DNC held by their open listings. */
export const DncListingInfoResponseSchema = z.object({
  error: z.literal(false),
  /** the DNC balance, free to list */
  amount: z.number().int(),
  /** DNC in escrow for the player's open listings */
  listed: z.number().int(),
});
export type DncListingInfoResponse = z.infer<typeof DncListingInfoResponseSchema>;

/** A listing price as a player types it (a number, or text like "25", "19.99", "$1,500"). */
export const ListingPriceSchema = z
  .union([z.number(), z.string().max(40)], { error: NO_LISTING_PRICE_MSG })
  .transform((v, ctx): bigint => {
    const read = typeof v === 'number' && !Number.isFinite(v) ? { message: NO_LISTING_PRICE_MSG } : readListingPrice(String(v));
    if (typeof read === 'bigint') return read;
    ctx.addIssue({ code: 'custom', message: read.message });
    return z.NEVER;
  })
  .meta({ description: `USD, at least ${MIN_LISTING_PRICE_USD}; a number or text such as "19.99"` });

const expiresInDays = z
  .number({ error: `expires_in_days must be a whole number of days from 1 to ${MAX_LISTING_EXPIRY_DAYS}, or null.` })
  .int(`expires_in_days must be a whole number of days from 1 to ${MAX_LISTING_EXPIRY_DAYS}, or null.`)
  .min(1, `expires_in_days must be a whole number of days from 1 to ${MAX_LISTING_EXPIRY_DAYS}, or null.`)
  .max(MAX_LISTING_EXPIRY_DAYS, `expires_in_days must be a whole number of days from 1 to ${MAX_LISTING_EXPIRY_DAYS}, or null.`)
  .nullable()
  .optional()
  .meta({ description: `The listing ends after this many days (1..${MAX_LISTING_EXPIRY_DAYS}); absent or null: it stays until sold or cancelled` });

/** POST /api/marketplace/listing: list one owned ship (`item` is its My Assets `_id`). */
export const ShipListingBodySchema = z.strictObject({
  item: z
    .string({ error: 'Which ship? The item is missing.' })
    .min(1, 'Which ship? The item is missing.')
    .max(64, 'That is not one of your ships.'),
  price: ListingPriceSchema,
  expires_in_days: expiresInDays,
});
export type ShipListingBody = z.input<typeof ShipListingBodySchema>;

/** POST /api/marketplace/listing_dnc: put `dnc` DNC up for sale at `price` for the lot. */
export const DncListingBodySchema = z.strictObject({
  dnc: z
    .number({ error: 'Enter how much DNC to sell.' })
    .int('DNC is sold in whole units.')
    .min(1, 'Enter how much DNC to sell: it cannot be 0.')
    .max(MAX_DNC_LISTING, `At most ${MAX_DNC_LISTING} DNC can be listed at once.`),
  price: ListingPriceSchema,
  expires_in_days: expiresInDays,
});
export type DncListingBody = z.input<typeof DncListingBodySchema>;

export const LISTING_STATUSES = ['listed', 'reserved', 'sold', 'cancelled', 'expired'] as const;

/** A listing the player made, as My Assets shows it. */
export const MyListingSchema = z.object({
  _id: z.string(),
  kind: z.enum(['ship', 'dnc']),
  name: z.string(),
  image: z.string(),
  status: z.enum(LISTING_STATUSES),
  price: z.number(),
  price_micro: MicroSchema,
  /** the 5 % fee and what the seller receives at this price */
  fee_micro: MicroSchema,
  net_micro: MicroSchema,
  /** DNC listings: the amount */
  dnc_amount: z.number().int().nullable(),
  /** ship listings: the listed copy's My Assets `_id` */
  asset_id: z.string().nullable(),
  listed_at: z.string(),
  expires_at: z.string().nullable(),
  sold_at: z.string().nullable(),
  /** while a buyer's checkout holds it (status reserved): until when */
  reserved_until: z.string().nullable(),
});
export type MyListing = z.infer<typeof MyListingSchema>;

export const ListingResponseSchema = z.object({ error: z.literal(false), msg: z.string(), listing: MyListingSchema });
export type ListingResponse = z.infer<typeof ListingResponseSchema>;

/** GET /api/my/listings: `status` active (listed or reserved, default), sold, or ended (cancelled or expired). */
export const MyListingsQuerySchema = pageQuerySchema({ defaultLimit: MY_ASSETS_PAGE_SIZE, maxLimit: MAX_PAGE_SIZE }).extend({
  status: z
    .enum(['active', 'sold', 'ended'], { error: "status must be 'active', 'sold' or 'ended'." })
    .default('active')
    .meta({ description: 'active: listed or held by a checkout; sold; ended: cancelled or expired' }),
  kind: z
    .enum(['ship', 'dnc'], { error: "kind must be 'ship' or 'dnc'." })
    .optional()
    .meta({ description: 'Only ship listings or only DNC lots; both when absent' }),
});
export const MyListingsResponseSchema = z.object({ error: z.literal(false), data: z.array(MyListingSchema), ...pageFields });
export type MyListingsResponse = z.infer<typeof MyListingsResponseSchema>;

/** PATCH /api/marketplace/listing/{id}: a new price, only while the listing is not held by a checkout. */
export const ListingPriceBodySchema = z.strictObject({ price: ListingPriceSchema });
export const ListingIdParamsSchema = z.object({ id: z.string().max(64, { error: 'This id is too long.' }) });

/** One sale's proceeds: the price, the 5 % fee and what the seller was credited. */
export const ProceedsEntrySchema = z.object({
  listing_id: z.string(),
  name: z.string(),
  kind: z.enum(['ship', 'dnc']),
  dnc_amount: z.number().int().nullable(),
  price_micro: MicroSchema,
  fee_micro: MicroSchema,
  net_micro: MicroSchema,
  sold_at: z.string(),
});
export const ProceedsQuerySchema = pageQuerySchema({ defaultLimit: MY_ASSETS_PAGE_SIZE, maxLimit: MAX_PAGE_SIZE });
/** GET /api/my/proceeds: the sum of the player's proceeds, and their sales newest first. */
export const ProceedsResponseSchema = z.object({
  error: z.literal(false),
  proceeds: z.number(),
  proceeds_micro: MicroSchema,
  fees_micro: MicroSchema,
  data: z.array(ProceedsEntrySchema),
  ...pageFields,
});
export type ProceedsResponse = z.infer<typeof ProceedsResponseSchema>;
