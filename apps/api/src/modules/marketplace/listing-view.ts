import type { MarketplaceItem } from '@starport/schemas';
import { catalogueItem, type ItemColumns } from '../catalogue/index.ts';
import { iso, microToUsd, toMicro } from '../../lib/money.ts';
import type { ListingRow } from './marketplace.repo.ts';
import type { SaleRow } from './sales.repo.ts';

/** The listing's own title: the ship's name, the apartment, or the pack. */
function listingName(row: ListingRow): string {
  if (row.kind === 'house_unit') return `Container House Apartment ${row.apartment}`;
  if (row.kind === 'dnc') return row.dnc_name ?? 'DNC';
  return row.ship_name ?? 'Spaceship';
}

/** Units are 'spaceship' in the spec's `type`, as its client expects; `kind` tells them apart. */
const specType = (row: ListingRow) => (row.kind === 'dnc' ? ('dnc' as const) : ('spaceship' as const));

export function toMarketplaceItem(row: ListingRow): MarketplaceItem {
  const item = catalogueItem(row.kind, row as ItemColumns);
  const price = toMicro(row.price_micro);
  const sell = toMicro(row.sell_price_micro);
  return {
    _id: row.id,
    name: listingName(row),
    type: specType(row),
    kind: row.kind,
    price: microToUsd(price),
    sell_price: microToUsd(sell),
    price_micro: price,
    sell_price_micro: sell,
    minted: row.minted,
    status: row.status,
    listed_at: iso(row.listed_at),
    sold_at: row.sold_at ? iso(row.sold_at) : null,
    item,
    cache: item,
  };
}

export function toSoldItem(row: SaleRow) {
  const item = catalogueItem(row.kind, row as ItemColumns);
  const price = toMicro(row.sale_price_micro);
  return {
    _id: row.sale_id,
    id: row.id,
    name: listingName(row),
    type: specType(row),
    kind: row.kind,
    price: microToUsd(price),
    price_micro: price,
    sold_at: iso(row.sale_sold_at),
    item,
    cache: item,
  };
}
