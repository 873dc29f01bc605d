import type { CatalogueFilter } from '@starport/schemas';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { microToUsd, toMicro } from '../../lib/money.ts';
import { priceHistory, type ItemRef } from './price-history.ts';
import { DNC_SEGMENT, segmentsFor, shipSegment, UNIT_SEGMENT } from '../catalogue/index.ts';
import { toMarketplaceItem, toSoldItem } from './listing-view.ts';
import { choosePlan } from './listing-page.ts';
import * as repo from './marketplace.repo.ts';
import * as sales from './sales.repo.ts';

const PRICE_HISTORY_POINTS = 100;
const MORE_FROM_COLLECTION = 8;
const WEEK_MS = 7 * 24 * 3600 * 1000;
/** Listing ids are positive bigints; anything else cannot name a listing. */
const LISTING_ID = /^[1-9]\d{0,17}$/;

export type MarketplaceDeps = { db: Db; now?: () => Date };

export class MarketplaceService {
  private readonly now: () => Date;

  constructor(private readonly d: MarketplaceDeps) {
    this.now = d.now ?? (() => new Date());
  }

  async find(filter: CatalogueFilter) {
    const { page, limit } = filter;
    const q: repo.ListingQuery = { segments: segmentsFor(filter), priceFromMicro: filter.priceFromMicro, priceToMicro: filter.priceToMicro };
    const base = { page, limit };
    if (q.segments?.length === 0) return { data: [], total: 0, total_capped: false, ...base };
    const { total, capped } = await repo.countListed(this.d.db, q);
    const offset = (page - 1) * limit;
    // Past the last page there is nothing to read (unless the total is only a lower bound).
    if (offset >= total && !capped) return { data: [], total, total_capped: capped, ...base };
    const rows = await repo.findListed(this.d.db, q, limit, offset, await choosePlan(this.d.db, q, capped, offset + limit));
    return { data: rows.map(toMarketplaceItem), total, total_capped: capped, ...base };
  }

  async item(id: string) {
    const row = LISTING_ID.test(id) ? await repo.getListing(this.d.db, id) : undefined;
    if (!row) throw notFound(`There is no marketplace item with id ${id.slice(0, 64)}.`);
    const [history, more] = await Promise.all([
      priceHistory(this.d.db, itemRef(row), PRICE_HISTORY_POINTS),
      repo.findListed(this.d.db, { segments: collectionSegments(row), priceFromMicro: null, priceToMicro: null }, MORE_FROM_COLLECTION, 0, { mode: 'ordered' }, row.id),
    ]);
    return {
      ...toMarketplaceItem(row),
      price_history: history,
      more_from_collection: more.map(toMarketplaceItem),
    };
  }

  async recentlySold(limit: number) {
    return (await sales.recentlySold(this.d.db, limit)).map(toSoldItem);
  }

  async topNft(limit: number) {
    return (await sales.topNft(this.d.db, limit)).map(toSoldItem);
  }

  async lastSevenDays(limit: number) {
    const since = new Date(this.now().getTime() - WEEK_MS);
    return (await sales.topSoldSince(this.d.db, since, limit)).map(toSoldItem);
  }

  async totalDeposit() {
    const { count, totalMicro } = await sales.salesTotals(this.d.db);
    const total = toMicro(totalMicro);
    return { count, total: microToUsd(total), total_micro: total };
  }
}

function itemRef(row: repo.ListingRow): ItemRef {
  if (row.kind === 'ship') return { column: 'ship_id', id: row.ship_id! };
  if (row.kind === 'house_unit') return { column: 'house_unit_id', id: row.apartment! };
  return { column: 'dnc_pack_id', id: row.dnc_id! };
}

/** The collection of a listing: every unit, every pack, or the ships of the same element. */
function collectionSegments(row: repo.ListingRow): number[] {
  if (row.kind === 'house_unit') return [UNIT_SEGMENT];
  if (row.kind === 'dnc') return [DNC_SEGMENT];
  return [0, 1, 2, 3].map((rarity) => shipSegment(row.ship_element!, rarity));
}
