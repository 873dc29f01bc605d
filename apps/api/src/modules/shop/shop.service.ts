import { BLIND_BOX, blindBoxImagePath, type CatalogueFilter, type ElementKey, type ShopItem } from '@starport/schemas';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { shipItem } from '../catalogue/index.ts';
import { iso, microToUsd, toMicro } from '../../lib/money.ts';
import { priceHistory } from '../marketplace/index.ts';
import * as repo from './shop.repo.ts';

const ELEMENT_CODES: Record<ElementKey, number | null> = { human: 0, ai: 1, alien: 2, dnc: null };
/** Shop ids are positive integers; anything else cannot name a shop line. */
const SHOP_ID = /^[1-9]\d{0,9}$/;

export function toShopItem(row: repo.ShopRow): ShopItem {
  const item = shipItem(row);
  const price = toMicro(row.price_micro);
  const sell = toMicro(row.sell_price_micro);
  return {
    _id: row.id,
    name: row.ship_name,
    type: row.ship_element,
    element: row.ship_element,
    rarity: row.ship_rarity,
    image: item.image,
    kind: 'ship',
    object: 'spaceship',
    code: 'spaceship',
    price: microToUsd(price),
    sell_price: microToUsd(sell),
    price_micro: price,
    sell_price_micro: sell,
    stock: row.stock,
    soldout: row.stock === 0,
    created_at: iso(row.created_at),
    item,
    cache: item,
  };
}

export class ShopService {
  constructor(private readonly d: { db: Db }) {}

  async find(filter: CatalogueFilter) {
    const { page, limit } = filter;
    const q: repo.ShopQuery = {
      // The query schema already refuses 'dnc' in the shop.
      elements: filter.elements?.map((e) => ELEMENT_CODES[e]).filter((c): c is number => c !== null) ?? null,
      rarities: filter.rarities,
      priceFromMicro: filter.priceFromMicro,
      priceToMicro: filter.priceToMicro,
    };
    const { total, capped } = await repo.countActive(this.d.db, q);
    const offset = (page - 1) * limit;
    const rows = offset >= total && !capped ? [] : await repo.findActive(this.d.db, q, limit, offset);
    return { data: rows.map(toShopItem), total, total_capped: capped, page, limit };
  }

  async item(id: string) {
    const row = SHOP_ID.test(id) ? await repo.getActive(this.d.db, id) : undefined;
    if (!row) throw notFound(`There is no shop item with id ${id.slice(0, 64)}.`);
    return { ...toShopItem(row), price_history: await priceHistory(this.d.db, { column: 'ship_id', id: row.ship_id }) };
  }

  private async box() {
    const box = await repo.getBlindBox(this.d.db, BLIND_BOX.code);
    if (!box) throw notFound('The Frontier Blind Box is not on sale yet.');
    return box;
  }

  /** The published odds as percentages (the spec's chance object). */
  async chance() {
    const b = await this.box();
    return { common: b.oddsCommonBps / 100, rare: b.oddsRareBps / 100, epic: b.oddsEpicBps / 100, legend: b.oddsLegendaryBps / 100 };
  }

  /** The box as the shop promo and the cart need it (cart code 'blindbox', _id 'blindbox-<code>'). */
  async blindBox() {
    const b = await this.box();
    const price = toMicro(b.listPriceMicro);
    const sell = toMicro(b.salePriceMicro);
    return {
      _id: `blindbox-${b.code}`,
      code: 'blindbox' as const,
      object: 'blindbox' as const,
      name: b.name,
      description: b.description,
      image: blindBoxImagePath(),
      price: microToUsd(price),
      sell_price: microToUsd(sell),
      price_micro: price,
      sell_price_micro: sell,
      odds_bps: { common: b.oddsCommonBps, rare: b.oddsRareBps, epic: b.oddsEpicBps, legend: b.oddsLegendaryBps },
    };
  }
}
