/** API answers of My Assets (packages/schemas/src/my-assets.ts), for the page tests. */

type Overrides = Record<string, unknown>;

export function ship(id: string, overrides: Overrides = {}) {
  return {
    _id: id,
    id: `s${id}`,
    kind: 'ship',
    name: `Nova Lancer ${id}`,
    image: `/images/v1/ship/0-1-${id}`,
    element: 0,
    rarity: 1,
    health: 900,
    healing: 41,
    gun_damage: 77,
    rocket_damage: 310,
    rocket_re_time: 4200,
    item: { _id: `s${id}`, name: `Nova Lancer ${id}` },
    state: 'available',
    pieces: 1,
    price: 250,
    price_micro: '250000000',
    acquired_at: '2026-11-01T00:00:00.000Z',
    listing: null,
    nft: { mint_status: null, txh: null, tx_url: null },
    ...overrides,
  };
}

export function unitPieces(id: string, pieces: number) {
  return ship(`unit-${id}`, {
    kind: 'house_unit',
    name: `Apart ${id}`,
    element: null,
    rarity: null,
    pieces,
    item: { _id: `unit-${id}`, name: `Apart ${id}`, apartment: Number(id) },
  });
}

export const assetsPage = (data: readonly unknown[], total = data.length, page = 1) => ({
  error: false,
  data,
  total,
  page,
  limit: 20,
});

export const dncInfo = (amount: number, listed = 0) => ({ error: false, amount, listed });

export function myListing(id: string, overrides: Overrides = {}) {
  return {
    _id: id,
    kind: 'ship',
    name: `Vega Corsair ${id}`,
    image: `/images/v1/ship/1-2-${id}`,
    status: 'listed',
    price: 100,
    price_micro: '100000000',
    fee_micro: '5000000',
    net_micro: '95000000',
    dnc_amount: null,
    asset_id: `a${id}`,
    listed_at: '2026-11-20T10:00:00.000Z',
    expires_at: null,
    sold_at: null,
    reserved_until: null,
    ...overrides,
  };
}

export const listingsPage = (data: readonly unknown[], total = data.length, page = 1) => ({
  error: false,
  data,
  total,
  page,
  limit: 20,
});

export const proceedsPage = (data: unknown[], proceedsMicro = '0', feesMicro = '0') => ({
  error: false,
  proceeds: Number(proceedsMicro) / 1e6,
  proceeds_micro: proceedsMicro,
  fees_micro: feesMicro,
  data,
  total: data.length,
  page: 1,
  limit: 20,
});

export const listingAnswer = (msg: string, listing: unknown = myListing('new')) => ({ error: false, msg, listing });

/** The path and query of a recorded call. */
export const pathOf = (url: string) => new URL(url, 'http://x').pathname;
export const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);
