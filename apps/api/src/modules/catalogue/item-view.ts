import { sql } from 'drizzle-orm';
import {
  apartLabel,
  dncImagePath,
  ELEMENTS,
  RARITIES,
  shipImagePath,
  unitImagePath,
  type CatalogueItem,
  type Element,
  type ListingKind,
  type Rarity,
} from '@starport/schemas';

/**
 * The inner `item` (alias `cache`) of every catalogue answer, built from one flat row.
 * Marketplace and shop select these columns under these names (aliases s, u, t, d for
 * ships, house_units, house_unit_types, dnc_packs) and map them here, so a ship reads the
 * same wherever it appears.
 */
export const SHIP_COLUMNS = sql.raw(
  `s.id AS ship_id, s.element AS ship_element, s.rarity AS ship_rarity, s.name AS ship_name,
   s.description AS ship_description, s.health, s.healing, s.gun_damage, s.rocket_damage, s.defense,
   s.afterburner, s.rocket_recharge_time, s.rocket_fire_rate, s.art_seed, s.legendary_serial`,
);
export const UNIT_COLUMNS = sql.raw(
  `u.apartment, u.minted_pieces, t.type AS unit_type, t.apart_from, t.apart_to, t.area_m2, t.floors,
   t.rooms, t.housing, t.total_pieces, t.apr_bps`,
);
export const DNC_COLUMNS = sql.raw(`d.id AS dnc_id, d.name AS dnc_name, d.amount AS dnc_amount`);

export type ShipColumns = {
  ship_id: number;
  ship_element: number;
  ship_rarity: number;
  ship_name: string;
  ship_description: string;
  health: number;
  healing: number;
  gun_damage: number;
  rocket_damage: number;
  defense: number;
  afterburner: number;
  rocket_recharge_time: number;
  rocket_fire_rate: number;
  art_seed: number;
  legendary_serial: number | null;
};
export type UnitColumns = {
  apartment: number;
  minted_pieces: number;
  unit_type: number;
  apart_from: number;
  apart_to: number;
  area_m2: number;
  floors: number;
  rooms: number;
  housing: number;
  total_pieces: number;
  apr_bps: number;
};
export type DncColumns = { dnc_id: number; dnc_name: string; dnc_amount: number };
/** A row of a marketplace query: one of the three groups is filled, the others are null. */
export type ItemColumns = ShipColumns | UnitColumns | DncColumns;

export function shipItem(r: ShipColumns): CatalogueItem {
  const element = ELEMENTS[r.ship_element];
  return {
    _id: `ship-${r.ship_id}`,
    name: r.ship_name,
    element: r.ship_element,
    rarity: r.ship_rarity,
    image: shipImagePath(r.ship_element as Element, r.ship_rarity as Rarity, r.art_seed),
    description: r.ship_description,
    health: r.health,
    healing: r.healing,
    gun_damage: r.gun_damage,
    rocket_damage: r.rocket_damage,
    rocket_re_time: r.rocket_recharge_time,
    attack: r.gun_damage,
    defender: r.defense,
    element_name: element?.name ?? 'Unknown',
    rarity_name: RARITIES[r.ship_rarity]?.name ?? 'Unknown',
    team_name: element?.team ?? '',
    team_description: element?.description ?? '',
    defense: r.defense,
    afterburner: r.afterburner,
    rocket_recharge_time: r.rocket_recharge_time,
    rocket_fire_rate: r.rocket_fire_rate,
    legendary_serial: r.legendary_serial,
  };
}

export function unitItem(r: UnitColumns): CatalogueItem {
  const label = apartLabel(r.apart_from, r.apart_to);
  return {
    _id: `unit-${r.apartment}`,
    name: `Type ${r.unit_type}`,
    element: null,
    rarity: null,
    image: unitImagePath(r.unit_type as 1 | 2 | 3 | 4 | 5),
    description:
      `Apartment ${r.apartment} of the Starport container-house line (Type ${r.unit_type}, ${label}). ` +
      `It is rented out in the game; holders of its pieces share the rent at ${r.apr_bps / 100}% APR.`,
    // The spec's client reads unit figures from these ship fields.
    health: r.area_m2,
    healing: r.floors,
    gun_damage: r.rooms,
    rocket_damage: r.housing,
    rocket_re_time: r.total_pieces,
    attack: 0,
    defender: 0,
    unit_type: r.unit_type,
    apartment: r.apartment,
    apart_from: r.apart_from,
    apart_to: r.apart_to,
    apart_label: label,
    area_m2: r.area_m2,
    floors: r.floors,
    rooms: r.rooms,
    housing: r.housing,
    total_pieces: r.total_pieces,
    minted_pieces: r.minted_pieces,
    apr_bps: r.apr_bps,
  };
}

export function dncItem(r: DncColumns): CatalogueItem {
  return {
    _id: `dnc-${r.dnc_id}`,
    name: r.dnc_name,
    element: null,
    rarity: null,
    image: dncImagePath(r.dnc_amount),
    description: `${groupThousands(r.dnc_amount)} DNC, the in-game currency of Starport, credited to your game account.`,
    health: 0,
    healing: 0,
    gun_damage: 0,
    rocket_damage: 0,
    rocket_re_time: 0,
    attack: 0,
    defender: 0,
    dnc_amount: r.dnc_amount,
  };
}

export function catalogueItem(kind: ListingKind, row: ItemColumns): CatalogueItem {
  if (kind === 'ship') return shipItem(row as ShipColumns);
  if (kind === 'house_unit') return unitItem(row as UnitColumns);
  return dncItem(row as DncColumns);
}

/** 12500 → "12,500", independent of the machine's locale. */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
