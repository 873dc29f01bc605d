import { sql } from 'drizzle-orm';
import type { MarketplaceItem, ShopItem } from '@starport/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, getJson, type CatalogueTestApp } from '../../../test/catalogue-test-app.ts';
import { queryRows } from '../../db/client.ts';

/**
 * The ship pages show "Legendary #N of 150" from the item answers: the serial must arrive on
 * the marketplace and shop item calls, from the ship's own row, and be null for other rarities.
 */
describe('legendary serial on the item answers', () => {
  let t: CatalogueTestApp;
  beforeAll(async () => {
    t = await createCatalogueTestApp();
  });
  afterAll(() => t.close());

  type Pick = { id: string; ship_id: number; serial: number | null };
  const pick = (table: 'marketplace_listings' | 'shop_stock', rarity: number) =>
    queryRows<Pick>(
      t.database.db,
      sql`SELECT x.id::text AS id, s.id AS ship_id, s.legendary_serial AS serial
          FROM ${sql.raw(table)} x JOIN ships s ON s.id = x.ship_id WHERE s.rarity = ${rarity} ORDER BY x.id LIMIT 3`,
    );

  it('marketplace: a Legendary listing carries its ship\'s serial (1..150), others carry null', async () => {
    const legendary = await pick('marketplace_listings', 3);
    expect(legendary.length).toBeGreaterThan(1);
    for (const row of legendary) {
      const res = await getJson<{ item: MarketplaceItem }>(t.app, `/api/marketplace/item/${row.id}`);
      expect(res.status).toBe(200);
      expect(row.serial).toBeGreaterThanOrEqual(1);
      expect(row.serial).toBeLessThanOrEqual(150);
      expect(res.body.item.item).toMatchObject({ _id: `ship-${row.ship_id}`, rarity: 3, legendary_serial: row.serial });
      expect(res.body.item.cache.legendary_serial).toBe(row.serial);
    }
    // One serial per ship: different ships never share one.
    expect(new Set(legendary.map((r) => r.serial)).size).toBe(new Set(legendary.map((r) => r.ship_id)).size);
    for (const rarity of [0, 1, 2]) {
      const [row] = await pick('marketplace_listings', rarity);
      const res = await getJson<{ item: MarketplaceItem }>(t.app, `/api/marketplace/item/${row!.id}`);
      expect(res.body.item.item).toMatchObject({ rarity, legendary_serial: null });
    }
  });

  it('shop: a Legendary stock line carries its ship\'s serial, others carry null', async () => {
    const [legendary] = await pick('shop_stock', 3);
    const res = await getJson<{ item: ShopItem }>(t.app, `/api/shop/item/${legendary!.id}`);
    expect(res.status).toBe(200);
    expect(res.body.item.item).toMatchObject({ _id: `ship-${legendary!.ship_id}`, rarity: 3, legendary_serial: legendary!.serial });
    expect(legendary!.serial).toEqual(expect.any(Number));
    const [common] = await pick('shop_stock', 0);
    const plain = await getJson<{ item: ShopItem }>(t.app, `/api/shop/item/${common!.id}`);
    expect(plain.body.item.item).toMatchObject({ rarity: 0, legendary_serial: null });
  });
});
