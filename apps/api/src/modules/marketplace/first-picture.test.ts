import type { MarketplaceItem } from '@starport/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueTestApp, getJson, type CatalogueTestApp } from '../../../test/catalogue-test-app.ts';
import { firstListedPicture } from './first-picture.ts';

describe('firstListedPicture', () => {
  let t: CatalogueTestApp;
  beforeAll(async () => {
    t = await createCatalogueTestApp();
  });
  afterAll(() => t.close());

  it('is the picture of the first card the marketplace page asks for, at the card size', async () => {
    // The call the web app's MarketPage makes with no filters (and the route-hints script preloads).
    const res = await getJson<{ data: MarketplaceItem[] }>(t.app, '/api/marketplace/find?page=1&limit=20');
    const first = res.body.data[0];
    expect(first).toBeDefined();
    expect(await firstListedPicture(t.database.db)).toBe(`${first!.item.image}?resize=300x300`);
  });
});
