import { unitImagePath } from '@starport/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, getJson, type CatalogueTestApp } from '../../../test/catalogue-test-app.ts';

/** Every catalogue call of this issue, as OpenAPI paths. */
const CATALOGUE_PATHS = [
  '/api/marketplace/find',
  '/api/marketplace/item/{id}',
  '/api/marketplace/recently_sold',
  '/api/marketplace/top_nft',
  '/api/marketplace/last_7_days',
  '/api/marketplace/totalDeposit',
  '/api/shop/find',
  '/api/shop/item/{id}',
  '/api/shop/blindbox',
  '/api/my/blindboxs/chance',
  '/api/leaderboards/topref',
  '/api/catalogue/house_types',
];

describe('catalogue calls', () => {
  let t: CatalogueTestApp;
  beforeAll(async () => {
    t = await createCatalogueTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/catalogue/house_types answers the five types with their ranges, 26% APR and minted / total', async () => {
    const { status, body } = await getJson<{ error: boolean; data: Array<Record<string, unknown>> }>(t.app, '/api/catalogue/house_types');
    expect(status).toBe(200);
    expect(body.data.map((d) => d.apart_label)).toEqual(['Apart 1-24', 'Apart 25-72', 'Apart 73-88', 'Apart 89-105', 'Apart 106-120']);
    expect(body.data.map((d) => d.units)).toEqual([24, 48, 16, 17, 15]);
    for (const d of body.data) {
      expect(d).toMatchObject({ apr_bps: 2600, price: 200, price_micro: '200000000', image: unitImagePath(d.type as 1) });
      expect(d.total).toBe((d.units as number) * (d.pieces_per_unit as number));
      expect(d.minted).toBeLessThanOrEqual(d.total as number);
    }
  });

  it('documents every call in the OpenAPI output', async () => {
    const doc = t.app.swagger() as { paths: Record<string, { get?: { summary?: string; parameters?: unknown[] } }> };
    for (const path of CATALOGUE_PATHS) expect(doc.paths[path]?.get?.summary, path).toBeTruthy();
    const names = (doc.paths['/api/marketplace/find']?.get?.parameters as Array<{ name: string }>).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['element', 'rarity', 'price_from', 'price_to', 'page', 'limit', 'kind']));
  });
});
