import { HOUSE_UNIT_COUNT, HOUSE_UNIT_TYPES } from '@starport/schemas';
import type { houseUnits, marketplaceListings, marketplaceSales, shopStock } from '../../db/schema/index.ts';
import { DNC_PACK_ROWS, SHIP_PRICE_RANGE_USD, UNIT_TYPE_ROWS } from './definitions.ts';
import type { ShipRow } from './demo-ships.ts';
import type { Prng } from './prng.ts';

type ListingRow = typeof marketplaceListings.$inferInsert & { id: number };
type SaleRow = typeof marketplaceSales.$inferInsert & { id: number };
type ShopRow = typeof shopStock.$inferInsert & { id: number };
type UnitRow = typeof houseUnits.$inferInsert;

export type DemoMarket = { houseUnits: UnitRow[]; listings: ListingRow[]; sales: SaleRow[]; shop: ShopRow[] };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** USD with cents → micro-units, without floats reaching the database. */
const usdToMicro = (usd: number) => Math.round(usd * 100) * 10_000;

/**
 * Who sells what: 60% of the ships are on the marketplace, 20% in the shop, the rest held by
 * players; about a third of the ships, some units and packs changed hands before, so the
 * price history, recently sold, top and last-7-days lists have real sales to show.
 */
export function demoMarket(rng: Prng, now: Date, ships: ShipRow[]): DemoMarket {
  const listings: ListingRow[] = [];
  const sales: SaleRow[] = [];
  const shop: ShopRow[] = [];
  const t = now.getTime();
  const minutesAgo = (maxDays: number) => new Date(t - rng.int(1, maxDays * 24 * 60) * MINUTE_MS);

  /** Earlier sales of an item, oldest first, each a sold listing with its sale. */
  function pastSales(item: Omit<ListingRow, 'id' | 'priceMicro' | 'sellPriceMicro' | 'minted'>, basePriceMicro: number, count: number, minted: boolean): number {
    const soldDates = Array.from({ length: count }, () => t - rng.int(1, 120 * 24 * 60) * MINUTE_MS).sort((a, b) => a - b);
    for (const soldAt of soldDates) {
      const sell = usdToMicro((basePriceMicro / 1e6) * (0.7 + rng.next() * 0.45));
      const id = listings.length + 1;
      const soldDate = new Date(soldAt);
      listings.push({ ...item, id, priceMicro: Math.max(sell, basePriceMicro), sellPriceMicro: sell, minted, status: 'sold', listedAt: new Date(soldAt - rng.int(1, 10) * DAY_MS), soldAt: soldDate });
      sales.push({ id: sales.length + 1, listingId: id, priceMicro: sell, soldAt: soldDate });
    }
    return soldDates.at(-1) ?? 0;
  }

  for (const ship of ships) {
    const [low, high] = SHIP_PRICE_RANGE_USD[ship.rarity]!;
    const sell = usdToMicro(low + rng.next() * (high - low));
    const role = rng.next();
    const item = { kind: 'ship' as const, shipId: ship.id, element: ship.element, rarity: ship.rarity };
    // Marketplace ships and held ships may have changed hands before.
    const lastSold = role < 0.6 || role >= 0.8 ? (rng.chance(0.35) ? pastSales(item, sell, rng.int(1, 3), true) : 0) : 0;
    if (role < 0.6) {
      const price = usdToMicro((sell / 1e6) * (1 + rng.next() * 0.6));
      // Listed again only after its last sale.
      const listedAt = lastSold ? new Date(lastSold + Math.floor(rng.next() * (t - lastSold))) : minutesAgo(60);
      listings.push({ ...item, id: listings.length + 1, priceMicro: price, sellPriceMicro: sell, minted: rng.chance(0.7), listedAt });
    } else if (role < 0.8) {
      const maxStock = [10, 5, 3, 1][ship.rarity]!;
      shop.push({
        id: shop.length + 1,
        shipId: ship.id,
        element: ship.element,
        rarity: ship.rarity,
        priceMicro: usdToMicro((sell / 1e6) * 1.25),
        sellPriceMicro: sell,
        stock: rng.chance(0.05) ? 0 : rng.int(1, maxStock),
        createdAt: minutesAgo(90),
      });
    }
  }

  const houseUnits: UnitRow[] = [];
  for (const type of HOUSE_UNIT_TYPES) {
    const figures = UNIT_TYPE_ROWS.find((r) => r.type === type.type)!;
    for (let apartment = type.apartFrom; apartment <= type.apartTo; apartment++) {
      houseUnits.push({ apartment, type: type.type, mintedPieces: rng.int(0, figures.totalPieces) });
    }
  }
  const unitPrice = (apartment: number) => UNIT_TYPE_ROWS.find((r) => r.apartFrom <= apartment && apartment <= r.apartTo)!.priceMicro;
  for (let i = 0; i < 100; i++) {
    const apartment = rng.int(1, HOUSE_UNIT_COUNT);
    pastSales({ kind: 'house_unit', houseUnitId: apartment }, unitPrice(apartment) * 1.2, 1, true);
  }
  for (const apartment of rng.shuffle(houseUnits.map((u) => u.apartment)).slice(0, 60)) {
    // Resold pieces ask 0-30% over the type's 200 USDC; `price` is the higher, crossed-out one.
    const sell = usdToMicro((unitPrice(apartment) / 1e6) * (1 + rng.next() * 0.3));
    listings.push({ kind: 'house_unit', houseUnitId: apartment, id: listings.length + 1, priceMicro: usdToMicro((sell / 1e6) * 1.25), sellPriceMicro: sell, minted: true, listedAt: minutesAgo(60) });
  }

  for (let i = 0; i < 140; i++) {
    const pack = rng.pick(DNC_PACK_ROWS);
    const item = { kind: 'dnc' as const, dncPackId: pack.id };
    if (i < 80) {
      pastSales(item, pack.priceMicro, 1, false);
    } else {
      const sell = usdToMicro((pack.priceMicro / 1e6) * (0.8 + rng.next() * 0.4));
      listings.push({ ...item, id: listings.length + 1, priceMicro: Math.max(pack.priceMicro, sell), sellPriceMicro: sell, minted: false, listedAt: minutesAgo(60) });
    }
  }
  return { houseUnits, listings, sales, shop };
}
