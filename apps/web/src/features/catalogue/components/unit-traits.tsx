import type { MarketplaceItem } from '@starport/schemas';
import type { HouseType } from '../api/get-house-types.ts';
import { formatPrice } from '../../../lib/format.ts';

const FLOORS = [
  { floor: 1, name: 'First Floor' },
  { floor: 2, name: 'Second Floor' },
];

/**
 * The spec's traits: First Floor and Second Floor, each with the apartment range, '1 - 100%'
 * and the price. How we fill them from real data:
 * - apartment range: the range of the unit's type (every apartment in it has the same layout);
 * - '1 - 100%' is read as the trait's rarity: how many of the collection's apartments have
 *   that floor and what share that is (every apartment has a first floor; only the two-floor
 *   types have a second), counted from the unit types the API reports;
 * - price: what this listing asks, because a piece is a share of the whole apartment, every
 *   floor included.
 * A floor this unit does not have is shown as absent, without a price.
 */
export function UnitTraits({ listing, types }: { listing: MarketplaceItem; types: HouseType[] | undefined }) {
  const { item } = listing;
  const floors = item.floors ?? 0;
  const apartments = types?.reduce((sum, t) => sum + t.units, 0) ?? 0;
  return (
    <table className="unit-traits">
      <thead>
        <tr>
          <th scope="col">Trait</th>
          <th scope="col">Apartments</th>
          <th scope="col">Rarity</th>
          <th scope="col">Price</th>
        </tr>
      </thead>
      <tbody>
        {FLOORS.map(({ floor, name }) => {
          const has = floors >= floor;
          const withFloor = types?.filter((t) => t.floors >= floor).reduce((sum, t) => sum + t.units, 0) ?? 0;
          const share = apartments ? `${withFloor} of ${apartments} · ${Math.round((withFloor / apartments) * 100)}%` : '—';
          return (
            <tr key={floor} data-trait={floor}>
              <th scope="row">{name}</th>
              <td data-label="Apartments">{has ? item.apart_label : `Not in ${item.name} (${floors} floor${floors === 1 ? '' : 's'})`}</td>
              <td data-label="Rarity">{share}</td>
              <td data-label="Price">{has ? formatPrice(listing.sell_price) : '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
