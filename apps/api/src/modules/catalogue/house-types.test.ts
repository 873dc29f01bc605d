import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, getJson, type CatalogueTestApp } from '../../../test/catalogue-test-app.ts';
import { queryRows } from '../../db/client.ts';

type HouseType = { type: number; listed: number; cheapest_listing_id: string | null };
type Listing = { _id: string; kind: string; sell_price_micro: string; item: { unit_type?: number } };

describe('house types: the listing each type links to', () => {
  let t: CatalogueTestApp;
  beforeAll(async () => {
    t = await createCatalogueTestApp();
  });
  afterAll(() => t.close());

  const houseTypes = async () => {
    const res = await getJson<{ data: HouseType[] }>(t.app, '/api/catalogue/house_types');
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('counts the listed units of each type and names the cheapest, as the marketplace list shows them', async () => {
    // Worked out from the public list call, not from the query under test.
    const res = await getJson<{ data: Listing[]; total: number }>(t.app, '/api/marketplace/find?kind=house_unit&limit=100');
    expect(res.body.total).toBeLessThanOrEqual(100);
    const expected = new Map<number, { listed: number; cheapest: Listing }>();
    for (const l of res.body.data) {
      const type = l.item.unit_type!;
      const seen = expected.get(type);
      const cheaper = !seen || BigInt(l.sell_price_micro) < BigInt(seen.cheapest.sell_price_micro) ||
        (l.sell_price_micro === seen.cheapest.sell_price_micro && BigInt(l._id) < BigInt(seen.cheapest._id));
      expected.set(type, { listed: (seen?.listed ?? 0) + 1, cheapest: cheaper ? l : seen.cheapest });
    }
    const data = await houseTypes();
    expect(data.map((d) => d.type)).toEqual([1, 2, 3, 4, 5]);
    for (const d of data) {
      const e = expected.get(d.type);
      expect(d, `type ${d.type}`).toMatchObject({ listed: e?.listed ?? 0, cheapest_listing_id: e?.cheapest._id ?? null });
    }
    expect(data.some((d) => d.cheapest_listing_id !== null)).toBe(true);
  });

  it('answers null for a type with nothing for sale, and ignores sold listings', async () => {
    await queryRows(t.database.db, sql`
      UPDATE marketplace_listings SET status = 'cancelled', ended_at = now()
      WHERE status = 'listed' AND house_unit_id IN (SELECT apartment FROM house_units WHERE type = 5)`);
    const five = (await houseTypes()).find((d) => d.type === 5);
    expect(five).toMatchObject({ listed: 0, cheapest_listing_id: null });
  });

  it('documents the new fields', () => {
    const doc = t.app.swagger() as { paths: Record<string, { get?: { description?: string } }> };
    expect(doc.paths['/api/catalogue/house_types']?.get?.description).toContain('cheapest_listing_id');
  });
});
