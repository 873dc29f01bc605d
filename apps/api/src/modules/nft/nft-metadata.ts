import { cellAreaKm2, cellById, ELEMENTS, RARITIES, shipImagePath, unitImagePath, apartLabel, type Element, type NftMetadata, type Rarity } from '@starport/schemas';
import type { DbOrTx } from '../../db/client.ts';
import { collectionWithPlots, shipCopyWithShip } from '../assets/index.ts';
import { houseUnitType } from '../catalogue/index.ts';

/**
 * The metadata JSON behind each token URI. Metadata exists for every asset that exists, minted
 * or not: the contracts fix the token id before the mint (the asset's own id), so a wallet that
 * reads the URI right after the mint transaction must already find it. A ship copy sold on or
 * disposed keeps its metadata (its token may still be out there); an id no asset has is a 404.
 */

const number = (trait_type: string, value: number) => ({ trait_type, value, display_type: 'number' as const });
const absolute = (publicUrl: string, path: string) => `${publicUrl}${path}`;

/** A ship copy (ShipNFT token id = owned_ships.id). */
export async function shipMetadata(db: DbOrTx, publicUrl: string, id: number): Promise<NftMetadata | undefined> {
  const ship = await shipCopyWithShip(db, id);
  if (!ship) return undefined;
  const element = ELEMENTS[ship.ship_element];
  const rarity = RARITIES[ship.ship_rarity];
  return {
    name: `${ship.ship_name} #${id}`,
    description: ship.ship_description,
    image: absolute(publicUrl, shipImagePath(ship.ship_element as Element, ship.ship_rarity as Rarity, ship.art_seed)),
    // No page shows one copy to the public: the marketplace is where ships are seen and traded.
    external_url: absolute(publicUrl, '/market'),
    attributes: [
      { trait_type: 'rarity', value: rarity?.name ?? 'Unknown' },
      { trait_type: 'element', value: element?.name ?? 'Unknown' },
      ...(element ? [{ trait_type: 'team', value: element.team }] : []),
      number('health', ship.health),
      number('healing', ship.healing),
      number('gun_damage', ship.gun_damage),
      number('rocket_damage', ship.rocket_damage),
      number('rocket_re_time', ship.rocket_recharge_time),
      number('rocket_fire_rate', ship.rocket_fire_rate),
      number('defense', ship.defense),
      number('afterburner', ship.afterburner),
      ...(ship.legendary_serial !== null ? [number('legendary_serial', ship.legendary_serial)] : []),
    ],
  };
}

/** A land collection (LandCollectionNFT token id = the collection's id, its uriid), with figures from its plots. */
export async function landMetadata(db: DbOrTx, publicUrl: string, id: number): Promise<NftMetadata | undefined> {
  const collection = await collectionWithPlots(db, id);
  if (!collection) return undefined;
  const cells = collection.cells;
  const areaKm2 = cells.reduce((sum, p) => {
    const cell = cellById(p.cellId);
    return cell ? sum + cellAreaKm2(cell) : sum;
  }, 0);
  const countries = [...new Set(cells.map((p) => p.country).filter((c): c is string => c !== null))].sort();
  const valuation = cells.reduce((sum, p) => sum + p.valuation, 0);
  const plots = `${cells.length} plot${cells.length === 1 ? '' : 's'}`;
  return {
    name: collection.name,
    description: `A Starport land collection of ${plots}${countries.length ? ` in ${countries.join(', ')}` : ''}.`,
    // Land has no art of its own yet: the collection shows the Type 1 container house that stands on it.
    image: absolute(publicUrl, unitImagePath(1)),
    external_url: absolute(publicUrl, `/collection/${id}`),
    attributes: [
      number('plot_count', cells.length),
      number('total_area_km2', Math.round(areaKm2 * 1000) / 1000),
      { trait_type: 'countries', value: countries.length ? countries.join(', ') : 'International waters' },
      number('country_count', countries.length),
      number('total_valuation_usd', valuation),
    ],
  };
}

/** A container-house unit type (HouseUnits id 1..5 = Type 1..Type 5). */
export async function unitMetadata(db: DbOrTx, publicUrl: string, id: number): Promise<NftMetadata | undefined> {
  if (id < 1 || id > 5) return undefined;
  const unit = await houseUnitType(db, id);
  if (!unit) return undefined;
  const range = apartLabel(unit.apartFrom, unit.apartTo);
  return {
    name: `Type ${unit.type}`,
    description:
      `A unit of the Starport container-house line, Type ${unit.type} (${range}). ` +
      `Holders share the rent of its apartments at ${unit.aprBps / 100}% APR.`,
    image: absolute(publicUrl, unitImagePath(unit.type as 1 | 2 | 3 | 4 | 5)),
    external_url: absolute(publicUrl, '/market'),
    attributes: [
      { trait_type: 'type', value: `Type ${unit.type}` },
      { trait_type: 'apartments', value: range },
      number('area_m2', unit.areaM2),
      number('floors', unit.floors),
      number('rooms', unit.rooms),
      number('housing', unit.housing),
      number('total_pieces', unit.totalPieces),
      number('apr_percent', unit.aprBps / 100),
    ],
  };
}
