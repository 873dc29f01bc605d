/** A container-house unit listing and the unit types, as the API answers them. */
export const ADDRESS = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

const unitItem = (apartment: number, type: number, label: string, floors: number) => ({
  _id: `unit-${apartment}`, name: `Type ${type}`, element: null, rarity: null, image: `/images/v1/unit/${type}`, description: 'An apartment.',
  health: 42, healing: floors, gun_damage: 2, rocket_damage: 3, rocket_re_time: 200, attack: 0, defender: 0,
  unit_type: type, apartment, apart_from: 25, apart_to: 72, apart_label: label, area_m2: 42, floors, rooms: 2, housing: 3,
  total_pieces: 200, minted_pieces: 87, apr_bps: 2600,
});

const listing = (id: string, apartment: number, sell: number) => {
  const item = unitItem(apartment, 2, 'Apart 25-72', 1);
  return {
    _id: id, name: `Container House Apartment ${apartment}`, type: 'spaceship', kind: 'house_unit',
    price: sell * 1.25, sell_price: sell, price_micro: String(sell * 1.25 * 1e6), sell_price_micro: String(sell * 1e6),
    minted: true, status: 'listed', listed_at: '2026-03-14T10:00:00.000Z', sold_at: null, item, cache: item,
  };
};

export const unitListing = (collection: Record<string, unknown> = {}) => ({
  ...listing('u1', 30, 216.4),
  price_history: [],
  type_price_history: [
    { sold_at: '2026-01-02T00:00:00.000Z', price: 230, price_micro: '230000000' },
    { sold_at: '2026-02-02T00:00:00.000Z', price: 241.5, price_micro: '241500000' },
    { sold_at: '2026-03-02T00:00:00.000Z', price: 236, price_micro: '236000000' },
  ],
  more_from_collection: [listing('u7', 41, 208), listing('u9', 55, 252.75)],
  collection: { name: 'Starport Container Houses', token_standard: 'ERC1155', chain: 'Base', contract_address: null, explorer_url: null, ...collection },
});

const houseType = (type: number, from: number, to: number, units: number, floors: number, extra: Record<string, unknown> = {}) => ({
  type, name: `Type ${type}`, apart_from: from, apart_to: to, apart_label: `Apart ${from}-${to}`, area_m2: 20 + type * 14, floors,
  rooms: type, housing: type + 1, units, pieces_per_unit: 200, minted: units * 50, total: units * 200, price: 200, price_micro: '200000000',
  apr_bps: 2600, image: `/images/v1/unit/${type}`, listed: 3, cheapest_listing_id: `c${type}`, ...extra,
});

export const houseTypes = [
  houseType(1, 1, 24, 24, 1),
  houseType(2, 25, 72, 48, 1),
  houseType(3, 73, 88, 16, 2, { apr_bps: 1850 }),
  houseType(4, 89, 105, 17, 2),
  houseType(5, 106, 120, 15, 2, { listed: 0, cheapest_listing_id: null }),
];
