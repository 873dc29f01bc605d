import type { ChainsConfig } from '../../../chain/chain-config.ts';
/**
 * What fulfilling one order line granted, as recorded in the order's 'fulfilled' event and
 * returned by grantOrder. Ids are the rows written (owned_ships, blind_box_openings, …).
 */
export type ShopGrant = { order_line_id: number; object: 'spaceship'; ship_id: number; owned_ship_ids: number[] };

export type OpeningGrant = {
  opening_id: number;
  box_index: number;
  nonce: number;
  roll: number;
  rarity: number;
  ship_id: number;
  owned_ship_id: number;
};
export type BlindBoxGrant = { order_line_id: number; object: 'blindbox'; box_code: string; openings: OpeningGrant[] };

export type ListingGrant = { order_line_id: number; object: 'listing'; listing_id: number } & (
  | { kind: 'ship'; ship_id: number; owned_ship_id: number }
  | { kind: 'dnc'; dnc_ledger_id: number; dnc: number }
  | { kind: 'house_unit'; owned_house_piece_id: number; apartment: number; pieces: number }
);

/** A top-up's credits: the ledger row that holds them (one per order line). */
export type LandCreditGrant = { order_line_id: number; object: 'land_credit'; credit_ledger_id: string; credits: number };

/** A paid mint fee: the ship copy whose mint is now queued (decision 0052). */
export type ShipMintGrant = { order_line_id: number; object: 'ship_mint'; owned_ship_id: number; mint_id: number };

export type LineGrant = ShopGrant | BlindBoxGrant | ListingGrant | LandCreditGrant | ShipMintGrant;

/** What some steps need of the server beyond the transaction: the chains a paid mint fee mints on. */
export type FulfilmentContext = { chains?: ChainsConfig };

/** The order being granted: who bought it and its public code (for the DNC ledger's reason). */
export type GrantedOrder = { id: number; code: string; userId: string };

/**
 * A paid order that cannot be fulfilled as it stands: a tier it must take is empty, all 150
 * Legendary serials exist, a listing was not sold to it. Retrying cannot help; the job fails
 * for good and the order is flagged for review, still paid, with nothing granted.
 */
export class FulfilmentBlocked extends Error {
  override name = 'FulfilmentBlocked';
}
